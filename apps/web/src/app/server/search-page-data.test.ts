import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { searchRoomsQuery } from '@/features/search/api/search-rooms';
import { readSearch } from '@/features/search/lib/search-params';
import { mockApi } from '../../../test/api-mock';
import { config, property } from '../../../test/fixtures';
import { loadPageData } from './page-data';

/** Issue 26: the server renders /search and a property's free rooms with the reads their address asks for. */
function api() {
  return mockApi({
    'GET /config': () => config,
    'GET /search': () => ({ items: [], next_cursor: null, total: 0, suggestions: [] }),
    'GET /amenities': () => [],
    'GET /properties': () => [property],
    'GET /properties/:id': () => property,
    'GET /rooms': () => [],
  });
}

describe('server reads of the search pages', () => {
  it('/search loads the search of its address, the amenities and the properties', async () => {
    const { requests } = api();
    const client = new QueryClient();
    const params = new URLSearchParams('start_date=2030-06-06&end_date=2030-06-20&guests=2&amenities=wifi&sort=-price');
    const page = await loadPageData(client, '/search', 'pt', params);
    expect(page).toEqual({ primary: null, known: true });
    const search = requests.find((request) => request.path === '/search');
    expect(Object.fromEntries(search!.query)).toEqual({
      start_date: '2030-06-06',
      end_date: '2030-06-20',
      guests: '2',
      amenities: 'wifi',
      sort: '-price',
      lang: 'pt',
    });
    expect(requests.map((request) => request.path)).toEqual(expect.arrayContaining(['/amenities', '/properties']));
    // Under the key the page reads, so the browser hydrates without asking again.
    expect(client.getQueryData(searchRoomsQuery(readSearch(params), 'pt').queryKey)).toBeDefined();
  });

  it('a property with dates loads which of its rooms are free', async () => {
    const { requests } = api();
    await loadPageData(new QueryClient(), `/property/${property.id}`, 'fr', new URLSearchParams('start_date=2030-06-06&end_date=2030-06-13'));
    const search = requests.find((request) => request.path === '/search');
    expect(search?.query.get('property_id')).toBe(property.id);
    expect(search?.query.get('guests')).toBe('1');
  });

  it('a property without dates asks no search', async () => {
    const { requests } = api();
    await loadPageData(new QueryClient(), `/property/${property.id}`, 'fr');
    expect(requests.some((request) => request.path === '/search')).toBe(false);
  });
});
