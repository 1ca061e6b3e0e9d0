import { addDays, calendarDateIn } from '@roomweek/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { config, property, room } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 26: given a stay in its address, the property page marks which of its rooms are free for it. */
const today = calendarDateIn(config.site_time_zone);
const start = addDays(today, 10);
const end = addDays(today, 17);
const busy = { ...room, id: '66666666-6666-4666-8666-666666666666', room_number: '202' };

function api() {
  return mockApi({
    'GET /config': () => config,
    'GET /properties/:id': () => property,
    'GET /rooms': () => [room, busy],
    'GET /search': () => ({
      items: [
        {
          room_id: room.id,
          property_id: property.id,
          room_number: room.room_number,
          property_name: property.name,
          location: property.location,
          latitude: null,
          longitude: null,
          max_guests: 2,
          price_per_week: 100,
          amenities: [],
          photo: null,
          rating_average: null,
          review_count: 0,
          total_price: 100,
          nights: 7,
        },
      ],
      next_cursor: null,
      total: 1,
      suggestions: [],
    }),
  });
}

describe('property page with dates', () => {
  it('asks which rooms are free for the stay and marks each, its link keeping the stay', async () => {
    const { requests } = api();
    renderApp(`/property/${property.id}?start_date=${start}&end_date=${end}&guests=2`);
    const free = await screen.findByRole('article', { name: 'Chambre 101' });
    expect(await within(free).findByText('Libre pour vos dates')).toBeInTheDocument();
    const taken = screen.getByRole('article', { name: 'Chambre 202' });
    expect(within(taken).getByText('Non disponible')).toBeInTheDocument();
    expect(within(free).getByText("Jusqu'à 2 personnes")).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Réserver la chambre 101' })).toHaveAttribute(
      'href',
      `/room/${room.id}?start_date=${start}&end_date=${end}&guests=2`,
    );
    const search = requests.find((request) => request.path === '/search');
    expect(search?.query.get('property_id')).toBe(property.id);
    expect(search?.query.get('start_date')).toBe(start);
    expect(search?.query.get('end_date')).toBe(end);
    expect(search?.query.get('guests')).toBe('2');
  });

  it('marks nothing and asks nothing without dates', async () => {
    const { requests } = api();
    renderApp(`/property/${property.id}`);
    const card = await screen.findByRole('article', { name: 'Chambre 101' });
    expect(within(card).queryByText('Libre pour vos dates')).not.toBeInTheDocument();
    expect(within(card).queryByText('Non disponible')).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/search')).toBe(false);
  });
});
