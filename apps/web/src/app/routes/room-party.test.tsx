import { addDays, calendarDateIn } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRoutes } from '../../../test/api-mock';
import { availability, booking, client, config, room } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/** Issue 26: the room page's party (adults, children, within the room's capacity) and the stay a search's link gives. */
const today = calendarDateIn(config.site_time_zone);
const day = (offset: number) => addDays(today, offset);
const taken = { start_date: day(5), end_date: day(8) };
const family = { ...room, max_guests: 4 };

function api(extra: MockRoutes = {}, user: typeof client | null = null, shown = family) {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => user ?? { status: 401, body: { detail: 'No token', code: 'unauthorized' } },
    'GET /rooms/:id': () => shown,
    'GET /rooms/:id/availability': () => availability([taken]),
    ...extra,
  });
}

async function openRoom(entry: string, token?: string) {
  const app = renderApp(entry, token ? { token } : {});
  await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
  return app;
}

const party = () => screen.getByRole('group', { name: 'Voyageurs' });
const count = (label: string) => within(screen.getByRole('group', { name: label })).getByRole('status');
const summary = () => screen.queryByRole('region', { name: 'Résumé du séjour' });

describe('the room page asks for the party', () => {
  it('shows the capacity, starts with one adult and keeps the party within it', async () => {
    api();
    const { user } = await openRoom(`/room/${room.id}`);
    expect(screen.getByTestId('room-capacity')).toHaveTextContent("Jusqu'à 4 personnes");
    expect(count('Adultes')).toHaveTextContent('1');
    expect(count('Enfants')).toHaveTextContent('0');
    // At least one adult; no fewer than no children.
    expect(screen.getByRole('button', { name: 'Un de moins : Adultes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Un de moins : Enfants' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Un de plus : Adultes' }));
    await user.click(screen.getByRole('button', { name: 'Un de plus : Enfants' }));
    await user.click(screen.getByRole('button', { name: 'Un de plus : Enfants' }));
    expect(count('Adultes')).toHaveTextContent('2');
    expect(count('Enfants')).toHaveTextContent('2');
    // Four: the room is full, neither may grow.
    expect(screen.getByRole('button', { name: 'Un de plus : Adultes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Un de plus : Enfants' })).toBeDisabled();
    expect(within(party()).getByText('Capacité atteinte : 4 personnes au plus')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Un de moins : Enfants' }));
    expect(screen.getByRole('button', { name: 'Un de plus : Adultes' })).toBeEnabled();
  });

  it('starts with the dates and the party of a search’s link, the party within the capacity', async () => {
    api({}, null, { ...room, max_guests: 2 });
    const { router } = await openRoom(`/room/${room.id}?start_date=${day(10)}&end_date=${day(17)}&guests=3`);
    const stay = await screen.findByRole('region', { name: 'Résumé du séjour' });
    expect(within(stay).getByText('7 jours')).toBeInTheDocument();
    expect(count('Adultes')).toHaveTextContent('2');
    expect(count('Enfants')).toHaveTextContent('0');
    expect(router.state.location.search).toContain(`start_date=${day(10)}`);
  });

  it('refuses a range from the link that crosses a taken night, as a click would', async () => {
    api();
    await openRoom(`/room/${room.id}?start_date=${day(4)}&end_date=${day(9)}&guests=2`);
    await waitFor(() => expect(document.querySelector(`[data-day="${day(9)}"]:not([data-outside]) button`)).not.toBeNull());
    // The arrival is kept; the departure beyond the taken nights is not: no stay, no summary.
    expect(screen.getByText('Étape 2 : choisissez votre date de départ', { selector: 'li' })).toHaveAttribute('aria-current', 'step');
    expect(summary()).not.toBeInTheDocument();
    expect(count('Adultes')).toHaveTextContent('2');
  });

  it('sends the party with the booking', async () => {
    const created = booking({ start_date: day(10), end_date: day(17), adults: 2, children: 1 });
    const { requests } = api({ 'POST /bookings': () => ({ status: 201, body: created }), 'GET /bookings': () => [created] }, client);
    const { user } = await openRoom(`/room/${room.id}?start_date=${day(10)}&end_date=${day(17)}&guests=2`, 'client-token');
    await screen.findByRole('region', { name: 'Résumé du séjour' });
    await user.click(screen.getByRole('button', { name: 'Un de plus : Enfants' }));
    await user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));
    expect(await screen.findByText('Réservation créée avec succès')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST' && request.path === '/bookings');
    expect(post?.body).toEqual({
      room_id: room.id,
      start_date: day(10),
      end_date: day(17),
      adults: 2,
      children: 1,
      payment_method: 'on_site',
    });
  });

  it('says so when the server finds the party too large', async () => {
    api(
      { 'POST /bookings': () => ({ status: 400, body: { detail: 'Too many guests', code: 'too_many_guests', field: 'adults' } }) },
      client,
    );
    const { user } = await openRoom(`/room/${room.id}?start_date=${day(10)}&end_date=${day(17)}`, 'client-token');
    await screen.findByRole('region', { name: 'Résumé du séjour' });
    await user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));
    expect(await screen.findByText('Trop de voyageurs pour cette chambre')).toBeInTheDocument();
  });
});
