import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { admin, client, config, property } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const api = (user: typeof client | null) =>
  mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => (user ? user : { status: 401, body: { detail: 'Invalid token', code: 'invalid_token' } }),
    'GET /properties': () => [property],
    'GET /bookings': () => [],
  });

describe('route guards (docs/behaviour.md §2)', () => {
  it('send a guest from /my-bookings to /login', async () => {
    api(null);
    const { router } = renderApp('/my-bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('send a guest from the payment pages to /login', async () => {
    api(null);
    const { router } = renderApp('/payment-cancel');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('let a logged-in user see /my-bookings', async () => {
    api(client);
    const { router } = renderApp('/my-bookings', { token: 'client-token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes réservations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-bookings');
  });

  it('send a logged-in user from /login to /', async () => {
    api(client);
    const { router } = renderApp('/login', { token: 'client-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /Votre chambre à la semaine/ })).toBeInTheDocument();
  });

  it.each(['/register', '/forgot-password', '/recover-email', '/reset-password?token=abc'])(
    'send a logged-in user from %s to /',
    async (path) => {
      api(client);
      const { router } = renderApp(path, { token: 'client-token' });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('send a client from /admin to /', async () => {
    api(client);
    const { router } = renderApp('/admin', { token: 'client-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('send a client from an admin sub-page to /', async () => {
    api(client);
    const { router } = renderApp('/admin/bookings', { token: 'client-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('send a guest from /admin to /', async () => {
    api(null);
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('let an admin into /admin', async () => {
    api(admin);
    const { router } = renderApp('/admin', { token: 'admin-token' });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0), { timeout: 25_000 });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('remove a token the API rejects, and treat the visitor as a guest', async () => {
    api(null);
    const { router } = renderApp('/my-bookings', { token: 'expired-token' });
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('end the session when the token expires mid-visit, and send the user to log in again', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => client,
      'GET /bookings': () => ({ status: 401, body: { detail: 'Token expired', code: 'invalid_token' } }),
    });
    const { router } = renderApp('/my-bookings', { token: 'stale-token' });
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/my-bookings' } });
    expect(localStorage.getItem('token')).toBeNull();
  });
});
