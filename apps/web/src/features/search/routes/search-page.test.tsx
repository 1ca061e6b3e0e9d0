import { addDays, calendarDateIn, type SearchItem, type SearchResponse } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRoutes } from '../../../../test/api-mock';
import { config, property, room } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 26: /search — results, filters, sort, more results, the empty answer's other dates, a refused search. */
const today = calendarDateIn(config.site_time_zone);
const day = (offset: number) => addDays(today, offset);
const start = day(10);
const end = day(24);

const item = (overrides: Partial<SearchItem> = {}): SearchItem => ({
  room_id: room.id,
  property_id: property.id,
  room_number: '101',
  property_name: property.name,
  location: 'Bruxelles',
  latitude: 50.85,
  longitude: 4.35,
  max_guests: 3,
  price_per_week: 350,
  amenities: ['Wi-Fi', 'Bureau'],
  photo: null,
  rating_average: null,
  review_count: 0,
  total_price: 700,
  nights: 14,
  ...overrides,
});
const other = item({
  room_id: '66666666-6666-4666-8666-666666666666',
  room_number: '202',
  total_price: 900,
  price_per_week: 450,
  rating_average: 4.5,
  review_count: 12,
});
const page = (items: SearchItem[], more: Partial<SearchResponse> = {}): SearchResponse => ({
  items,
  next_cursor: null,
  total: items.length,
  suggestions: [],
  ...more,
});

function api(search: MockRoutes['GET /search']) {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => ({ status: 401, body: { detail: 'No token', code: 'unauthorized' } }),
    'GET /search': search,
    'GET /amenities': () => [
      { key: 'wifi', label: 'Wi-Fi' },
      { key: 'desk', label: 'Bureau' },
    ],
    'GET /properties': () => [property, { ...property, id: '77777777-7777-4777-8777-777777777777', name: 'Villa Verde' }],
  });
}

const searches = (requests: ReturnType<typeof api>['requests']) => requests.filter((request) => request.path === '/search');
const address = `/search?start_date=${start}&end_date=${end}&guests=2`;

describe('search page', () => {
  it('shows each room found with its capacity, the stay’s total and the week’s price, and opens it with the stay', async () => {
    const { requests } = api(() => page([item(), other]));
    renderApp(address);
    expect(await screen.findByRole('heading', { level: 1, name: /^Chambres libres du .+ pour 2 personnes$/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '2 chambres trouvées' })).toBeInTheDocument();
    const query = searches(requests)[0]!.query;
    expect(Object.fromEntries(query)).toEqual({ start_date: start, end_date: end, guests: '2', sort: 'price', lang: 'fr' });

    const card = screen.getByRole('article', { name: 'Chambre 101' });
    expect(within(card).getByText(property.name)).toBeInTheDocument();
    expect(within(card).getByText("Jusqu'à 3 personnes")).toBeInTheDocument();
    expect(within(card).getByTestId('result-total')).toHaveTextContent(/^700,00\s€$/);
    expect(within(card).getByText('pour 14 nuits')).toBeInTheDocument();
    expect(within(card).getByText(/^350,00\s€$/)).toBeInTheDocument();
    // Its guests' rating: none yet on this one, 4.5 from 12 reviews on the other.
    expect(within(card).queryByTestId('rating-summary')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Chambre 202' })).getByTestId('rating-summary')).toHaveTextContent('4,5 · 12 avis');
    expect(within(card).getByRole('link', { name: 'Chambre 101' })).toHaveAttribute(
      'href',
      `/room/${room.id}?start_date=${start}&end_date=${end}&guests=2`,
    );
    // The stay and party alone: a page of its own, with its canonical address.
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `http://localhost:3000/search?start_date=${start}&end_date=${end}&guests=2&lang=fr`,
      ),
    );
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('shows skeletons while the search runs', async () => {
    let answer: (value: SearchResponse) => void = () => {};
    api(() => new Promise<SearchResponse>((resolve) => (answer = resolve)));
    renderApp(address);
    expect((await screen.findAllByTestId('result-skeleton')).length).toBeGreaterThan(0);
    answer(page([item()]));
    expect(await screen.findByRole('article', { name: 'Chambre 101' })).toBeInTheDocument();
    expect(screen.queryByTestId('result-skeleton')).not.toBeInTheDocument();
  });

  it('sends the filters and the sort, and keeps a filtered variant out of search engines', async () => {
    const { requests } = api(() => page([item()]));
    const { user, router } = renderApp(address);
    await screen.findByRole('article', { name: 'Chambre 101' });

    await user.click(screen.getByText('Filtres', { selector: 'summary' }));
    const filters = screen.getByRole('form', { name: 'Filtres' });
    await user.type(within(filters).getByLabelText('Minimum'), '100');
    await user.type(within(filters).getByLabelText('Maximum'), '800');
    await user.click(within(filters).getByRole('checkbox', { name: 'Wi-Fi' }));
    await user.click(within(filters).getByRole('checkbox', { name: 'Bureau' }));
    await user.selectOptions(within(filters).getByLabelText('Logement'), property.id);
    await user.click(within(filters).getByRole('button', { name: 'Appliquer' }));

    await waitFor(() => expect(searches(requests)).toHaveLength(2));
    expect(Object.fromEntries(searches(requests)[1]!.query)).toEqual({
      start_date: start,
      end_date: end,
      guests: '2',
      property_id: property.id,
      min_price: '100',
      max_price: '800',
      amenities: 'wifi,desk',
      sort: 'price',
      lang: 'fr',
    });
    expect(router.state.location.search).toContain('amenities=wifi%2Cdesk');
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'));

    await user.selectOptions(screen.getByLabelText('Trier par'), 'Prix décroissant');
    await waitFor(() => expect(searches(requests)).toHaveLength(3));
    expect(searches(requests)[2]!.query.get('sort')).toBe('-price');
    expect(searches(requests)[2]!.query.get('amenities')).toBe('wifi,desk');
    expect(router.state.location.search).toContain('sort=-price');
  });

  it('adds the next page under the first with its cursor', async () => {
    const { requests } = api((request) =>
      request.query.get('cursor') === 'page-2' ? page([other], { total: 2 }) : page([item()], { total: 2, next_cursor: 'page-2' }),
    );
    const { user } = renderApp(address);
    await screen.findByRole('article', { name: 'Chambre 101' });
    const more = screen.getByRole('link', { name: 'Plus de résultats' });
    expect(more.getAttribute('href')).toContain('cursor=page-2');
    await user.click(more);
    expect(await screen.findByRole('article', { name: 'Chambre 202' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Chambre 101' })).toBeInTheDocument();
    expect(searches(requests).map((request) => request.query.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('link', { name: 'Plus de résultats' })).not.toBeInTheDocument();
  });

  it('offers the other dates the answer suggests when no room is free', async () => {
    api((request) =>
      request.query.get('start_date') === start
        ? page([], { suggestions: [{ start_date: day(17), end_date: day(31), rooms: 2 }, { start_date: day(3), end_date: day(17), rooms: 1 }] })
        : page([item({ total_price: 700 })]),
    );
    const { user, router } = renderApp(address);
    expect(await screen.findByText('Aucune chambre ne correspond à votre recherche.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /^Du .+ — \d chambres?$/ });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent(/2 chambres$/);
    await user.click(links[0]!);
    expect(router.state.location.search).toBe(`?start_date=${day(17)}&end_date=${day(31)}&guests=2`);
    expect(await screen.findByRole('article', { name: 'Chambre 101' })).toBeInTheDocument();
  });

  it('says what to correct when the API refuses the search', async () => {
    api(() => ({ status: 400, body: { detail: 'Arrival in the past', code: 'date_in_past', field: 'start_date' } }));
    renderApp(`/search?start_date=${day(-3)}&end_date=${day(4)}&guests=1`);
    const alert = await screen.findByRole('alert');
    // The code's translation, not the server's English detail, and the field named in French.
    expect(alert).toHaveTextContent('Impossible de réserver une date passée');
    expect(alert).toHaveTextContent("À corriger : date d'arrivée");
    expect(alert).not.toHaveTextContent('Arrival in the past');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('shows the results on a map only when asked, a price on each', async () => {
    api(() => page([item(), other]));
    const { user } = renderApp(address);
    await screen.findByRole('article', { name: 'Chambre 101' });
    expect(screen.queryByRole('region', { name: 'Carte des chambres trouvées' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voir la carte' }));
    const map = await screen.findByRole('region', { name: 'Carte des chambres trouvées' });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(2));
    expect(map).toHaveTextContent(/700,00\s€/);
    expect(map).toHaveTextContent(/900,00\s€/);
  });
});
