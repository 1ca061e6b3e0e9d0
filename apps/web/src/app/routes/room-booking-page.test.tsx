import { addDays, calendarDateIn } from '@roomweek/contract';
import { act, configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRoutes } from '../../../test/api-mock';
import { availability, booking, client, config, room } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const today = calendarDateIn(config.site_time_zone);
const day = (offset: number) => addDays(today, offset);
// Booked nights: today+5, +6, +7 (the guest leaves on today+8).
const taken = { start_date: day(5), end_date: day(8) };

function api(extra: MockRoutes = {}, user: typeof client | null = null) {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => user ?? { status: 401, body: { detail: 'No token', code: 'unauthorized' } },
    'GET /rooms/:id': () => room,
    'GET /rooms/:id/availability': () => availability([taken]),
    ...extra,
  });
}

/** The calendar's button for a date (skipping the greyed copies of neighbouring months). */
function dayButton(date: string): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>(`[data-day="${date}"]:not([data-outside]) button`);
}

async function openRoom(entry = `/room/${room.id}`, token?: string) {
  const app = renderApp(entry, token ? { token } : {});
  await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
  await waitFor(() => expect(dayButton(day(1))).not.toBeNull());
  return app;
}

async function pick(user: ReturnType<typeof renderApp>['user'], date: string) {
  const button = dayButton(date);
  if (!button) throw new Error(`${date} is not in the calendar`);
  await user.click(button);
}

/**
 * Clicks one after the other without a pause, as a quick visitor does. Testing Library wraps every event in
 * act(), which renders everything pending — the router's navigations included — before the next event; a
 * browser only renders the urgent updates in between, and commits a navigation (a transition) later. So these
 * clicks run outside act(), with the router left behind until they are all done.
 */
async function clickQuickly(...targets: (() => Element | null)[]) {
  const quickUser = userEvent.setup({ delay: null });
  const { asyncWrapper, eventWrapper } = getConfig();
  configure({ asyncWrapper: (run) => run(), eventWrapper: (dispatch) => dispatch() });
  try {
    await asyncWrapper(async () => {
      for (const target of targets) {
        const element = target();
        if (!element) throw new Error('nothing to click');
        await quickUser.click(element);
      }
    });
  } finally {
    configure({ asyncWrapper, eventWrapper });
  }
}

const currentStep = () =>
  within(screen.getByRole('list', { name: 'Étapes de la réservation' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

const chip = (label: string) => screen.getByText(label, { selector: 'span.uppercase' }).parentElement as HTMLElement;

describe('room booking calendar', () => {
  it('disables past days and booked nights, and keeps the turnover day free', async () => {
    api();
    await openRoom();
    const yesterday = dayButton(day(-1));
    if (yesterday) expect(yesterday).toBeDisabled(); // (not shown when today is the 1st)
    expect(dayButton(day(0))).toBeEnabled();
    for (const night of [day(5), day(6), day(7)]) expect(dayButton(night)).toBeDisabled();
    expect(dayButton(day(8))).toBeEnabled(); // the booked guest's departure day is a free arrival
    expect(currentStep()).toContain("Étape 1 : choisissez votre date d'arrivée");
  });

  it("accepts a stay that ends on a booking's arrival day", async () => {
    api();
    const { user, router } = await openRoom();
    await pick(user, day(1));
    expect(dayButton(day(5))).toBeEnabled(); // the turnover day, now as a departure
    expect(dayButton(day(6))).toBeDisabled();
    await pick(user, day(5));
    expect(router.state.location.search).toBe(`?start=${day(1)}&end=${day(5)}`);
    const summary = screen.getByRole('region', { name: 'Résumé du séjour' });
    expect(within(summary).getByText('4 jours')).toBeInTheDocument();
    expect(within(summary).getByTestId('stay-total')).toHaveTextContent(/^100,00\s€$/); // a week at least
    expect(currentStep()).toContain('Étape 3 : dates choisies');
  });

  it('refuses a range across a booked night and applies nothing', async () => {
    api();
    const { user, router } = await openRoom();
    await pick(user, day(2));
    await pick(user, day(9));
    expect(await screen.findByText('Chambre non disponible pour ces dates')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?start=${day(2)}`);
    expect(within(chip('Départ')).getByText('Non choisie')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Résumé du séjour' })).not.toBeInTheDocument();
  });

  it('keeps a departure clicked right after the arrival, before the address has caught up', async () => {
    api();
    const { router } = await openRoom();
    await clickQuickly(() => dayButton(day(10)), () => dayButton(day(17)));
    await waitFor(() => expect(router.state.location.search).toBe(`?start=${day(10)}&end=${day(17)}`));
    const summary = screen.getByRole('region', { name: 'Résumé du séjour' });
    expect(within(summary).getByText('7 jours')).toBeInTheDocument();
    expect(currentStep()).toContain('Étape 3 : dates choisies');
  });

  it('follows dates that a link puts in the address', async () => {
    api();
    const { user, router } = await openRoom();
    await pick(user, day(2));
    await act(() => router.navigate(`/room/${room.id}?start=${day(10)}&end=${day(12)}`));
    const summary = await screen.findByRole('region', { name: 'Résumé du séjour' });
    expect(within(summary).getByText('2 jours')).toBeInTheDocument();
    await pick(user, day(20)); // a new arrival, from the dates of the link
    expect(router.state.location.search).toBe(`?start=${day(20)}`);
  });

  it('resets to step 1', async () => {
    api();
    const { user, router } = await openRoom();
    await pick(user, day(10));
    await pick(user, day(20));
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(router.state.location.search).toBe('');
    expect(currentStep()).toContain("Étape 1 : choisissez votre date d'arrivée");
  });

  it('shows "Room not found" for a missing room', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /rooms/:id': () => ({ status: 404, body: { detail: 'Room not found', code: 'room_not_found' } }),
      'GET /rooms/:id/availability': () => ({ status: 404, body: { detail: 'Room not found', code: 'room_not_found' } }),
    });
    renderApp(`/room/${room.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chambre introuvable' })).toBeInTheDocument();
  });
});

describe('booking a room', () => {
  it('sends a guest to log in, then back to the room with the chosen dates', async () => {
    api({ 'POST /auth/login': () => ({ user: client, token: 'new-token' }) });
    const { user, router } = await openRoom();
    await pick(user, day(10));
    await pick(user, day(17));
    await user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));
    expect(await screen.findByText('Veuillez vous connecter pour réserver')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('E-mail'), client.email);
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
    expect(router.state.location.pathname).toBe(`/room/${room.id}`);
    expect(router.state.location.search).toBe(`?start=${day(10)}&end=${day(17)}`);
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('comes back from /login with dates picked just before, even if the address had not caught up', async () => {
    api({ 'POST /auth/login': () => ({ user: client, token: 'new-token' }) });
    const { user, router } = await openRoom();
    await clickQuickly(
      () => dayButton(day(10)),
      () => dayButton(day(17)),
      () => screen.getByRole('button', { name: 'Réserver et payer sur place' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });

    await user.type(screen.getByLabelText('E-mail'), client.email);
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
    expect(router.state.location.search).toBe(`?start=${day(10)}&end=${day(17)}`);
    const summary = await screen.findByRole('region', { name: 'Résumé du séjour' });
    expect(within(summary).getByText('7 jours')).toBeInTheDocument();
  });

  it('books on site: success toast, then my bookings after 2 s', async () => {
    const created = booking({ start_date: day(8), end_date: day(15) });
    const { requests } = api(
      {
        'POST /bookings': () => ({ status: 201, body: created }),
        'GET /bookings': () => [created],
      },
      client,
    );
    const { user, router } = await openRoom(`/room/${room.id}`, 'client-token');
    await pick(user, day(8));
    await pick(user, day(15));
    await user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));

    expect(await screen.findByText('Réservation créée avec succès')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST' && request.path === '/bookings');
    expect(post?.body).toEqual({ room_id: room.id, start_date: day(8), end_date: day(15), adults: 1, children: 0, payment_method: 'on_site' });
    expect(post?.headers.get('Authorization')).toBe('Bearer client-token');
    expect(post?.headers.get('Accept-Language')).toBe('fr');
    expect(router.state.location.pathname).toBe(`/room/${room.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-bookings'));
  });

  it('shows the clash message when the dates were just taken, and stays', async () => {
    api(
      {
        'POST /bookings': () => ({
          status: 409,
          body: { detail: 'Room is not available for these dates', code: 'room_unavailable' },
        }),
      },
      client,
    );
    const { user, router } = await openRoom(`/room/${room.id}`, 'client-token');
    await pick(user, day(10));
    await pick(user, day(12));
    await user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));
    expect(await screen.findByText('Chambre non disponible pour ces dates')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${room.id}`);
    expect(screen.getByRole('button', { name: 'Réserver et payer sur place' })).toBeEnabled();
  });

  it('asks for dates before booking', async () => {
    const { requests } = api({}, client);
    const { user } = await openRoom(`/room/${room.id}`, 'client-token');
    await user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));
    expect(await screen.findAllByText("Veuillez sélectionner vos dates d'arrivée et de départ")).not.toHaveLength(0);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});
