import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminBooking, cancelRoute, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import type { MockRequest } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';

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
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
/** The list calls the screen made, as their query strings. */
const listCalls = (requests: MockRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/admin/bookings').map((r) => Object.fromEntries(r.query));

describe('admin bookings', () => {
  it('counts every booking, sums confirmed revenue and shows 50 cards per page out of 5,000', { timeout: 30_000 }, async () => {
    const counts = { confirmed: 0, pending: 0, cancelled: 0 };
    for (const booking of many) counts[booking.status] += 1;
    const { requests } = mockAdminApi({ bookings: many, money: { revenue_cents: counts.confirmed * 10050 } });
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservations' }, LOAD)).toBeInTheDocument();

    await within(tile('Total')).findByText('5000');
    expect(within(tile('Confirmées')).getByText(String(counts.confirmed))).toBeInTheDocument();
    expect(within(tile('En attente')).getByText(String(counts.pending))).toBeInTheDocument();
    expect(within(tile('Annulées')).getByText(String(counts.cancelled))).toBeInTheDocument();
    const revenue = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
      .format(counts.confirmed * 100.5)
      .replace(/\s+/g, ' ');
    expect(within(tile("Chiffre d'affaires")).getByText(revenue)).toBeInTheDocument();

    await screen.findByText(/1–50 sur 5\s000 réservations/);
    expect(cards()).toHaveLength(50);
    expect(screen.getByText('Page 1 sur 100')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    expect(screen.getByText('Page 2 sur 100')).toBeInTheDocument();
    await screen.findByText(/51–100 sur 5\s000 réservations/);
    expect(within(cards()[0] as HTMLElement).getByText('Guest 50')).toBeInTheDocument();
    // One page of cards in the document, whatever the total; the server was asked for pages, never for everything.
    expect(cards()).toHaveLength(50);
    expect(listCalls(requests)).toEqual([
      { limit: '50', offset: '0' },
      { limit: '50', offset: '50' },
    ]);
    expect(requests.filter((r) => r.path === '/admin/bookings/summary')).toHaveLength(1);
    expect(requests.map((r) => r.path)).not.toContain('/bookings/all');
  });

  it("shows the server's counters and total, and as many pages as the total needs", async () => {
    const page = Array.from({ length: 50 }, (_, i) => adminBooking({ user_name: `Guest ${i}` }));
    mockAdminApi(
      {},
      {
        'GET /admin/bookings': () => ({ body: page, headers: { 'X-Total-Count': '12345' } }),
        'GET /admin/bookings/summary': () => ({
          total: 12345,
          confirmed: 10000,
          pending: 2000,
          cancelled: 345,
          revenue_cents: 123456789,
          received_cents: 98765432,
          refunds_pending: 2,
          refunds_pending_cents: 70050,
          refunds_failed: 3,
          warnings: [],
        }),
      },
    );
    renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Réservations' }, LOAD);
    await within(tile('Total')).findByText('12345');
    expect(within(tile('Confirmées')).getByText('10000')).toBeInTheDocument();
    expect(within(tile('En attente')).getByText('2000')).toBeInTheDocument();
    expect(within(tile('Annulées')).getByText('345')).toBeInTheDocument();
    expect(within(tile("Chiffre d'affaires")).getByText(/^1\s234\s567,89\s€$/)).toBeInTheDocument();
    expect(within(tile("Chiffre d'affaires")).getByText(/^2 paiements à rembourser \(700,50\s€\)$/)).toBeInTheDocument();
    expect(within(tile('Encaissé')).getByText(/^987\s654,32\s€$/)).toBeInTheDocument();
    expect(within(tile('Encaissé')).getByText('3 remboursements échoués')).toBeInTheDocument();
    expect(await screen.findByText(/^1–50 sur 12\s345 réservations$/)).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 247')).toBeInTheDocument();
    expect(cards()).toHaveLength(50);
  });

  it('searches name, e-mail or id ignoring case, filters by status and says when nothing matches', { timeout: 30_000 }, async () => {
    const { requests } = mockAdminApi({ bookings: many });
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    const search = await screen.findByRole('searchbox', { name: 'Rechercher' }, LOAD);
    await waitFor(() => expect(cards()).toHaveLength(50));

    // Typed key by key: the server is asked once, when typing pauses, for the whole word.
    await user.type(search, 'GUEST4999@EXAMPLE');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0] as HTMLElement).getByText('Guest 4999')).toBeInTheDocument();
    expect(listCalls(requests).filter((call) => 'q' in call)).toEqual([{ q: 'GUEST4999@EXAMPLE', limit: '50', offset: '0' }]);

    await user.clear(search);
    await user.paste('00000FA0'); // the id of guest 4000, in upper case
    await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText('Guest 4000')).toBeInTheDocument());
    expect(cards()).toHaveLength(1);

    await user.clear(search);
    await user.paste('guest 12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'pending');
    // Guests 12, 120–129, 1200–1299: pending when divisible by 3 and not by 7.
    const expected = [12, ...Array.from({ length: 10 }, (_, i) => 120 + i), ...Array.from({ length: 100 }, (_, i) => 1200 + i)].filter(
      (i) => i % 3 === 0 && i % 7 !== 0,
    );
    await waitFor(() => expect(screen.getByText(new RegExp(`sur ${expected.length} réservations`))).toBeInTheDocument());
    for (const card of cards()) expect(within(card).getByText('En attente')).toBeInTheDocument();
    expect(listCalls(requests).at(-1)).toEqual({ status: 'pending', q: 'guest 12', limit: '50', offset: '0' });

    await user.clear(search);
    await user.paste('personne');
    expect(await screen.findByText('Aucune réservation trouvée')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('goes back to the first page when the status or the search changes', { timeout: 30_000 }, async () => {
    const { requests } = mockAdminApi({ bookings: many });
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByText('Page 1 sur 100', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    await screen.findByText(/^101–150 sur/);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'cancelled');
    expect(await screen.findByText(/^1–50 sur 715 réservations$/)).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 15')).toBeInTheDocument();
    expect(listCalls(requests).at(-1)).toEqual({ status: 'cancelled', limit: '50', offset: '0' });

    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    await screen.findByText(/^51–100 sur 715/);
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'guest 7');
    // Guests 7, 70–79, 700–799: cancelled when divisible by 7.
    expect(await screen.findByText(/^1–18 sur 18 réservations$/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(listCalls(requests).at(-1)).toEqual({ status: 'cancelled', q: 'guest 7', limit: '50', offset: '0' });
  });

  it('shows each card with its badges and cancels a booking after the confirm prompt', async () => {
    const bookings = [
      adminBooking({ id: '0123abcd-0000-4000-8000-000000000001', user_name: 'Alice', payment_method: 'stripe', status: 'pending' }),
      adminBooking({ id: '0123abcd-0000-4000-8000-000000000002', user_name: 'Bruno', payment_method: 'paypal', status: 'cancelled', cancel_reason: 'user' }),
      adminBooking({ id: '0123abcd-0000-4000-8000-000000000003', user_name: 'Chloé', payment_method: 'on_site' }),
    ];
    const { requests } = mockAdminApi({ bookings }, cancelRoute(bookings));
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
    await within(tile('Annulées')).findByText('1');
    expect(within(tile('Confirmées')).getByText('1')).toBeInTheDocument();

    await user.click(within(card('Chloé')).getByRole('button', { name: 'Annuler la réservation #0123abcd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler cette réservation ?' });
    // Paid on site: nothing to refund, so no amount is asked.
    expect(within(dialog).queryByRole('textbox', { name: 'Remboursement (€)' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Oui, annuler' }));

    expect(await screen.findByText('Réservation annulée')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT' && r.path === `/bookings/${bookings[2]?.id}/cancel`)).toBe(true);
    await waitFor(() => expect(within(card('Chloé')).getByText('Annulée')).toBeInTheDocument());
    // The list and the counters are asked again.
    await within(tile('Annulées')).findByText('2');
    expect(within(tile('Confirmées')).getByText('0')).toBeInTheDocument();
    expect(listCalls(requests)).toHaveLength(2);
    expect(requests.filter((r) => r.path === '/admin/bookings/summary')).toHaveLength(2);
  });

  it('shows the last page when a cancel empties the one shown', async () => {
    const bookings = Array.from({ length: 51 }, (_, i) => adminBooking({ user_name: `Guest ${i}` }));
    mockAdminApi({ bookings }, cancelRoute(bookings));
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByText('Page 1 sur 2', {}, LOAD);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'confirmed');
    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    expect(await screen.findByText(/^51–51 sur 51 réservations$/)).toBeInTheDocument();

    await user.click(within(cards()[0] as HTMLElement).getByRole('button', { name: /^Annuler la réservation/ }));
    await user.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText(/^1–50 sur 50 réservations$/)).toBeInTheDocument();
    expect(cards()).toHaveLength(50);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
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
