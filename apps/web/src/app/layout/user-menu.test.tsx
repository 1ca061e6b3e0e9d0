import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/lib/api-client';
import { mockApi, type RouteHandler } from '../../../test/api-mock';
import { client, config, property } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const api = (logout: RouteHandler<'POST /auth/logout'>) =>
  mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => client,
    'GET /properties': () => [property],
    'GET /bookings': () => [],
    'POST /auth/logout': logout,
  });

async function logOut() {
  const view = renderApp('/my-bookings', { token: 'client-token' });
  await screen.findByRole('heading', { level: 1, name: 'Mes réservations' });
  await view.user.click(screen.getByRole('button', { name: 'Menu de Marie Dupont' }));
  await view.user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
  return view;
}

describe('logging out (user menu)', () => {
  it('ends the token on the server, then forgets the session here', async () => {
    const { requests } = api(() => ({ status: 204 }));
    const { router } = await logOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = requests.find((request) => request.path === '/auth/logout');
    expect(logout).toMatchObject({ method: 'POST' });
    expect(logout?.headers.get('authorization')).toBe('Bearer client-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu de Marie Dupont' })).not.toBeInTheDocument();
  });

  it.each([
    ['the server refuses', () => ({ status: 500 as const, body: { detail: 'Down', code: 'internal_error' } })],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('forgets the session here even when %s', async (_label, answer) => {
    const { requests } = api(answer);
    const { router } = await logOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.some((request) => request.path === '/auth/logout')).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu de Marie Dupont' })).not.toBeInTheDocument();
  });
});
