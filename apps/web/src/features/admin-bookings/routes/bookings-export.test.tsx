import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN, adminBooking, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { admin } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 30: the bookings screen exports what its filters match (admins only). */
describe('admin bookings export', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the bookings of the status and search chosen', async () => {
    const { requests } = mockAdminApi(
      { bookings: [adminBooking({ user_name: 'Ana Lima' })] },
      { 'GET /admin/exports/bookings.csv': () => ({ body: 'id\r\n', headers: { 'Content-Disposition': 'attachment; filename="bookings-2030-02-01.csv"' } }) },
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    const button = await screen.findByRole('button', { name: 'Exporter les réservations (CSV)' }, LOAD);
    await user.click(button);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const exports = () => requests.filter((r) => r.path === '/admin/exports/bookings.csv').map((r) => Object.fromEntries(r.query));
    expect(exports()).toEqual([{}]);

    await user.selectOptions(screen.getByLabelText('Statut'), 'pending');
    await user.type(screen.getByLabelText('Rechercher'), 'Ana');
    // The search is sent once typing pauses: the export follows the list.
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/bookings' && r.query.get('q') === 'Ana')).toBe(true));
    await user.click(button);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(exports()[1]).toEqual({ status: 'pending', q: 'Ana' });
  });

  it('offers staff no export', async () => {
    mockAdminApi({ user: { ...admin, role: 'staff', is_admin: false } });
    renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Réservations' }, LOAD);
    expect(screen.queryByRole('button', { name: /Exporter/ })).toBeNull();
  });
});
