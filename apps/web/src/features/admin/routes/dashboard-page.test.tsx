import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { ADMIN_TOKEN, adminBooking, adminRoom, LOAD, mockAdminApi } from '../test/admin-fixtures';

describe('admin dashboard', () => {
  it('shows the four tiles, revenue from confirmed bookings only, and a card to each screen', async () => {
    mockAdminApi({
      rooms: [adminRoom(), adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000002', room_number: '102' })],
      bookings: [
        adminBooking({ total_price: 350 }),
        adminBooking({ total_price: 175.5 }),
        adminBooking({ total_price: 999, status: 'pending' }),
        adminBooking({ total_price: 500, status: 'cancelled' }),
      ],
    });
    renderApp('/admin', { token: ADMIN_TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, LOAD)).toBeInTheDocument();
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    expect(await within(tile('Logements')).findByText('2')).toBeInTheDocument();
    expect(await within(tile('Chambres')).findByText('2')).toBeInTheDocument();
    expect(await within(tile('Réservations')).findByText('4')).toBeInTheDocument();
    expect(await within(tile("Chiffre d'affaires")).findByText(/525,50\s€/)).toBeInTheDocument();

    const sections = screen.getByRole('navigation', { name: 'Écrans de gestion' });
    const hrefs = within(sections)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/properties',
      '/admin/rooms',
      '/admin/availability',
      '/admin/bookings',
      '/admin/payment-settings',
      '/admin/whatsapp',
      '/admin/account',
    ]);
  });

  it('advises changing the default credentials while the account keeps the default e-mail', async () => {
    mockAdminApi();
    renderApp('/admin', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Changez les identifiants par défaut', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Changer mes identifiants' })).toHaveAttribute('href', '/admin/account');
  });
});
