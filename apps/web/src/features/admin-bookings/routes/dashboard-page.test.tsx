import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminBooking, adminRoom, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { bookingSummary } from '@/features/admin-shell/test/fake-bookings';
import { admin } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

describe('admin dashboard', () => {
  it('shows the five tiles, revenue from confirmed bookings only, what was received, and a card to each screen', async () => {
    const { requests } = mockAdminApi({
      rooms: [adminRoom(), adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000002', room_number: '102' })],
      bookings: [
        adminBooking({ total_price: 350, payment_method: 'stripe', paid_amount: 350 }),
        adminBooking({ total_price: 175.5 }),
        adminBooking({ total_price: 999, status: 'pending' }),
        adminBooking({ total_price: 500, status: 'cancelled', payment_method: 'paypal', paid_amount: 500, refund_amount: 250, refund_status: 'succeeded' }),
      ],
      // What the server sums for these bookings (apps/server/test/routes/admin.test.ts holds the sums).
      money: { revenue_cents: 35000 + 17550, received_cents: 35000 + 50000 - 25000 },
    });
    renderApp('/admin', { token: ADMIN_TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, LOAD)).toBeInTheDocument();
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    expect(await within(tile('Logements')).findByText('2')).toBeInTheDocument();
    expect(await within(tile('Chambres')).findByText('2')).toBeInTheDocument();
    expect(await within(tile('Réservations')).findByText('4')).toBeInTheDocument();
    expect(await within(tile("Chiffre d'affaires")).findByText(/525,50\s€/)).toBeInTheDocument();
    // Received: every payment less every refund (350 + 500 − 250), whatever the booking's status.
    expect(within(tile('Encaissé')).getByText(/^600,00\s€$/)).toBeInTheDocument();
    expect(within(tile('Encaissé')).queryByText(/échoué/)).toBeNull();
    // The counters are the server's summary: the dashboard never downloads the bookings.
    expect(requests.map((r) => r.path)).toContain('/admin/bookings/summary');
    expect(requests.map((r) => r.path)).not.toContain('/bookings/all');
    expect(requests.map((r) => r.path)).not.toContain('/admin/bookings');

    const sections = screen.getByRole('navigation', { name: 'Écrans de gestion' });
    const hrefs = within(sections)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/properties',
      '/admin/rooms',
      '/admin/calendar',
      '/admin/availability',
      '/admin/bookings',
      '/admin/check-ins',
      '/admin/guests',
      '/admin/reviews',
      '/admin/payment-settings',
      '/admin/cancellation-policy',
      '/admin/whatsapp',
      '/admin/business',
      '/admin/invoices',
      '/admin/reports',
      '/admin/users',
      '/admin/audit',
      '/admin/account',
    ]);
  });

  it('shows staff only the screens the permission table gives them (docs/decisions/0039)', async () => {
    mockAdminApi({ user: { ...admin, role: 'staff', is_admin: false } });
    renderApp('/admin', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, LOAD);
    const sections = screen.getByRole('navigation', { name: 'Écrans de gestion' });
    const hrefs = within(sections)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/admin/calendar', '/admin/availability', '/admin/bookings', '/admin/check-ins', '/admin/guests', '/admin/reports']);
  });

  it('notes the refunds on their way under the revenue, the failed ones under what was received, and a dash when the summary fails', async () => {
    mockAdminApi({
      bookings: [
        adminBooking({ total_price: 350 }),
        adminBooking({ total_price: 120.25, status: 'cancelled', paid_amount: 120.25, refund_amount: 120.25, refund_status: 'pending' }),
        adminBooking({ total_price: 80, status: 'cancelled', paid_amount: 80, refund_status: 'failed' }),
      ],
      money: { revenue_cents: 35000, received_cents: 12025 - 12025 + 8000, refunds_pending: 1, refunds_pending_cents: 12025, refunds_failed: 1 },
    });
    const { unmount } = renderApp('/admin', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, LOAD);
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    expect(await within(tile("Chiffre d'affaires")).findByText(/^350,00\s€$/)).toBeInTheDocument();
    expect(within(tile("Chiffre d'affaires")).getByText(/^1 paiement à rembourser \(120,25\s€\)$/)).toBeInTheDocument();
    expect(within(tile('Encaissé')).getByText(/^80,00\s€$/)).toBeInTheDocument();
    expect(within(tile('Encaissé')).getByText('1 remboursement échoué')).toBeInTheDocument();
    unmount();

    mockAdminApi({}, { 'GET /admin/bookings/summary': () => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }) });
    renderApp('/admin', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, LOAD);
    expect(await within(tile('Réservations')).findByText('—')).toBeInTheDocument();
    expect(within(tile("Chiffre d'affaires")).getByText('—')).toBeInTheDocument();
    expect(within(tile('Encaissé')).getByText('—')).toBeInTheDocument();
  });

  it('shows the site warnings of the summary (PUBLIC_URL unset in production), and none when there are none', async () => {
    mockAdminApi({}, { 'GET /admin/bookings/summary': () => ({ ...bookingSummary([]), warnings: ['public_url_unset'] }) });
    const { unmount } = renderApp('/admin', { token: ADMIN_TOKEN });
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(within(alert).getByText('PUBLIC_URL n’est pas défini')).toBeInTheDocument();
    expect(within(alert).getByText(/pointent vers http:\/\/localhost/)).toBeInTheDocument();
    unmount();

    mockAdminApi({});
    renderApp('/admin', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, LOAD);
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    expect(await within(tile('Réservations')).findByText('0')).toBeInTheDocument();
    expect(screen.queryByText('PUBLIC_URL n’est pas défini')).toBeNull();
  });

  it('advises changing the default credentials while the account keeps the default e-mail or password', async () => {
    mockAdminApi();
    renderApp('/admin', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Changez les identifiants par défaut', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/encore le mot de passe par défaut/)).toBeInTheDocument();
    expect(screen.getByText(/l'e-mail par défaut/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Changer mes identifiants' })).toHaveAttribute('href', '/admin/account');
  });

  it('keeps the password advice after the e-mail changed, and none once both changed', async () => {
    mockAdminApi({ user: { ...admin, email: 'owner@roomweek.example' } });
    const { unmount } = renderApp('/admin', { token: ADMIN_TOKEN });
    expect(await screen.findByText(/encore le mot de passe par défaut/, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText(/l'e-mail par défaut/)).toBeNull();
    unmount();

    mockAdminApi({ user: { ...admin, email: 'owner@roomweek.example', default_password: false } });
    renderApp('/admin', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1 }, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Changez les identifiants par défaut')).toBeNull();
  });
});
