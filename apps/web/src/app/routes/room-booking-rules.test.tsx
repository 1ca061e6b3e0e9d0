import { addDays, calendarDateIn, isoWeekday, type RoomDetail } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { availability, booking, client, config, room } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/**
 * docs/behaviour.md §11 on the room page: a room let from Saturday to Saturday, two weeks at least, with a season
 * starting a week after the first Saturday and 10 % off from two weeks.
 */
const today = calendarDateIn(config.site_time_zone);
/** The first Saturday from today: it and the two Saturdays after it are in the two months the calendar shows. */
const saturday = addDays(today, (6 - isoWeekday(today) + 7) % 7);
const day = (offset: number) => addDays(saturday, offset);

const weekly: RoomDetail = {
  ...room,
  rules: { changeover_days: [6], min_nights: 14, max_nights: null, whole_weeks: false },
  seasonal_prices: [{ start_date: day(7), end_date: day(70), price_per_week: 200 }],
  long_stay_discounts: [{ min_weeks: 2, percent: 10 }],
};

function api(user: typeof client | null = null) {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => user ?? { status: 401, body: { detail: 'No token', code: 'unauthorized' } },
    'GET /rooms/:id': () => weekly,
    'GET /rooms/:id/availability': () => availability([], weekly),
  });
}

const dayButton = (date: string) => document.querySelector<HTMLButtonElement>(`[data-day="${date}"]:not([data-outside]) button`);

async function openRoom(token?: string) {
  const app = renderApp(`/room/${room.id}`, token ? { token } : {});
  await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
  await waitFor(() => expect(dayButton(day(14))).not.toBeNull());
  return app;
}

describe('the calendar of a room with stay rules', () => {
  it('offers only Saturdays as arrivals, and says why', async () => {
    api();
    await openRoom();
    for (const offset of [0, 7, 14]) expect(dayButton(day(offset))).toBeEnabled();
    for (const offset of [1, 2, 3, 4, 5, 6, 8, 13]) expect(dayButton(day(offset))).toBeDisabled();
    const rules = screen.getByRole('region', { name: 'Règles de cette chambre' });
    expect(within(rules).getByText('Arrivées et départs le samedi')).toBeInTheDocument();
    expect(within(rules).getByText('Au moins 2 semaines')).toBeInTheDocument();
  });

  it('once the arrival is chosen, enables only Saturdays two weeks on or more', async () => {
    api();
    const { user, router } = await openRoom();
    await user.click(dayButton(day(0))!);
    expect(router.state.location.search).toBe(`?start=${day(0)}`);
    for (const offset of [1, 6, 7, 8, 13, 15]) expect(dayButton(day(offset))).toBeDisabled();
    expect(dayButton(day(14))).toBeEnabled();
    await user.click(dayButton(day(14))!);
    expect(router.state.location.search).toBe(`?start=${day(0)}&end=${day(14)}`);
  });

  it('shows the quote line by line: a week at the room’s price, a week in season, the long-stay discount', async () => {
    api();
    const { user } = await openRoom();
    await user.click(dayButton(day(0))!);
    await user.click(dayButton(day(14))!);
    const summary = screen.getByRole('region', { name: 'Résumé du séjour' });
    expect(within(summary).getByText('14 jours')).toBeInTheDocument();
    expect(within(summary).getByText(/^7 nuits à 100,00\s€ \/ semaine/)).toBeInTheDocument();
    expect(within(summary).getByText(/^Saison : 7 nuits à 200,00\s€ \/ semaine/)).toBeInTheDocument();
    expect(within(summary).getByText(/^Remise long séjour \(10\s%\)$/)).toBeInTheDocument();
    expect(within(summary).getByText(/^−30,00\s€$/)).toBeInTheDocument();
    expect(within(summary).getByTestId('stay-total')).toHaveTextContent(/^270,00\s€$/);
  });

  it('drops dates from the address that break a rule', async () => {
    api();
    renderApp(`/room/${room.id}?start=${day(0)}&end=${day(7)}`);
    await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
    await waitFor(() => expect(dayButton(day(14))).not.toBeNull());
    const chip = (label: string) => screen.getByText(label, { selector: 'span.uppercase' }).parentElement as HTMLElement;
    expect(within(chip('Arrivée')).queryByText('Non choisie')).not.toBeInTheDocument();
    expect(within(chip('Départ')).getByText('Non choisie')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Résumé du séjour' })).not.toBeInTheDocument();
  });

  it('books the chosen Saturday-to-Saturday stay', async () => {
    const created = booking({ start_date: day(0), end_date: day(14), total_price: 270 });
    const { requests } = mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => client,
      'GET /rooms/:id': () => weekly,
      'GET /rooms/:id/availability': () => availability([], weekly),
      'POST /bookings': () => ({ status: 201, body: created }),
      'GET /bookings': () => [created],
    });
    const { user } = await openRoom('client-token');
    await user.click(dayButton(day(0))!);
    await user.click(dayButton(day(14))!);
    await user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));
    expect(await screen.findByText('Réservation créée avec succès')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ start_date: day(0), end_date: day(14) });
  });
});
