import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { ADMIN_TOKEN, adminBooking, LOAD, mockAdminApi } from '../test/admin-fixtures';

const STATUSES = ['confirmed', 'pending', 'cancelled'] as const;
const METHODS = ['on_site', 'stripe', 'paypal'] as const;

/** 5,000 bookings: guest i is "Guest i", every third one pending, every seventh cancelled. */
const many = Array.from({ length: 5000 }, (_, i) =>
  adminBooking({
    id: `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
    user_name: `Guest ${i}`,
    user_email: `guest${i}@example.com`,
    status: i % 7 === 0 ? 'cancelled' : i % 3 === 0 ? 'pending' : 'confirmed',
    payment_method: METHODS[i % 3],
    total_price: 100.5,
  }),
);

const cards = () => screen.getAllByTestId('admin-booking');

describe('admin bookings', () => {
  it('counts every booking, sums confirmed revenue and shows 50 cards per page out of 5,000', { timeout: 30_000 }, async () => {
    mockAdminApi({ bookings: many });
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservations' }, LOAD)).toBeInTheDocument();

    const counts = { confirmed: 0, pending: 0, cancelled: 0 };
    for (const booking of many) counts[booking.status] += 1;
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    await within(tile('Total')).findByText('5000');
    expect(within(tile('Confirmées')).getByText(String(counts.confirmed))).toBeInTheDocument();
    expect(within(tile('En attente')).getByText(String(counts.pending))).toBeInTheDocument();
    expect(within(tile('Annulées')).getByText(String(counts.cancelled))).toBeInTheDocument();
    const revenue = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
      .format(counts.confirmed * 100.5)
      .replace(/\s+/g, ' ');
    expect(within(tile("Chiffre d'affaires")).getByText(revenue)).toBeInTheDocument();

    expect(cards()).toHaveLength(50);
    expect(screen.getByText(/1–50 sur 5\s000 réservations/)).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 100')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    expect(screen.getByText('Page 2 sur 100')).toBeInTheDocument();
    expect(within(cards()[0] as HTMLElement).getByText('Guest 50')).toBeInTheDocument();
  });

  it('searches name, e-mail or id ignoring case, filters by status and says when nothing matches', { timeout: 30_000 }, async () => {
    mockAdminApi({ bookings: many });
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    const search = await screen.findByRole('searchbox', { name: 'Rechercher' }, LOAD);
    await waitFor(() => expect(cards()).toHaveLength(50));

    await user.click(search);
    await user.paste('GUEST4999@EXAMPLE');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0] as HTMLElement).getByText('Guest 4999')).toBeInTheDocument();

    await user.clear(search);
    await user.paste('00000FA0'); // the id of guest 4000, in upper case
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0] as HTMLElement).getByText('Guest 4000')).toBeInTheDocument();

    await user.clear(search);
    await user.paste('guest 12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'pending');
    // Guests 12, 120–129, 1200–1299: pending when divisible by 3 and not by 7.
    const expected = [12, ...Array.from({ length: 10 }, (_, i) => 120 + i), ...Array.from({ length: 100 }, (_, i) => 1200 + i)].filter(
      (i) => i % 3 === 0 && i % 7 !== 0,
    );
    await waitFor(() => expect(screen.getByText(new RegExp(`sur ${expected.length} réservations`))).toBeInTheDocument());
    for (const card of cards()) expect(within(card).getByText('En attente')).toBeInTheDocument();

    await user.clear(search);
    await user.paste('personne');
    expect(await screen.findByText('Aucune réservation trouvée')).toBeInTheDocument();
  });

  it('shows each card with its badges and cancels a booking after the confirm prompt', async () => {
    const bookings = [
      adminBooking({ id: '0123abcd-0000-4000-8000-000000000001', user_name: 'Alice', payment_method: 'stripe', status: 'pending' }),
      adminBooking({ id: '0123abcd-0000-4000-8000-000000000002', user_name: 'Bruno', payment_method: 'paypal', status: 'cancelled', cancel_reason: 'user' }),
      adminBooking({ id: '0123abcd-0000-4000-8000-000000000003', user_name: 'Chloé', payment_method: 'on_site' }),
    ];
    const { requests } = mockAdminApi(
      { bookings },
      {
        'PUT /bookings/:id/cancel': ({ path }) => {
          const booking = bookings.find((b) => path.includes(b.id));
          if (booking) Object.assign(booking, { status: 'cancelled', cancel_reason: 'admin' });
          return booking;
        },
      },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Réservations' }, LOAD);
    const card = (name: string) => screen.getByText(name).closest('[data-testid="admin-booking"]') as HTMLElement;
    await screen.findByText('Alice');

    expect(within(card('Alice')).getByRole('heading', { name: 'Réservation #0123abcd' })).toBeInTheDocument();
    expect(within(card('Alice')).getByText('Carte bancaire')).toBeInTheDocument();
    expect(within(card('Alice')).getByText('En attente')).toBeInTheDocument();
    expect(within(card('Bruno')).getByText('PayPal')).toBeInTheDocument();
    expect(within(card('Bruno')).getByText('Annulée')).toBeInTheDocument();
    expect(within(card('Bruno')).queryByRole('button', { name: /Annuler/ })).toBeNull();
    expect(within(card('Chloé')).getByText('Paiement sur place')).toBeInTheDocument();
    expect(within(card('Chloé')).getByText('Confirmée')).toBeInTheDocument();

    await user.click(within(card('Chloé')).getByRole('button', { name: 'Annuler la réservation #0123abcd' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Annuler cette réservation ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, annuler' }));

    expect(await screen.findByText('Réservation annulée')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT' && r.path === `/bookings/${bookings[2]?.id}/cancel`)).toBe(true);
    await waitFor(() => expect(within(card('Chloé')).getByText('Annulée')).toBeInTheDocument());
  });

  it('shows the server detail when a cancel fails', async () => {
    mockAdminApi(
      { bookings: [adminBooking({ user_name: 'Alice' })] },
      { 'PUT /bookings/:id/cancel': () => ({ status: 409, body: { detail: 'Already', code: 'booking_already_cancelled' } }) },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: /Annuler la réservation/ }, LOAD));
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Cette réservation est déjà annulée')).toBeInTheDocument();
  });
});

void STATUSES;
