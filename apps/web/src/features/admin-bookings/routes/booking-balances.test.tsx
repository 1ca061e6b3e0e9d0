import { screen, waitFor, within } from '@testing-library/react';
import type { Booking, BookingPayment } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminBooking, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { formatDate } from '@/lib/format';
import { admin } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

// A deposit now, the balance later (issue 28): the admin booking card's schedule, payments and balance actions, and the
// dashboard's overdue balances.

/** Alice paid a 105 € deposit by card on her 350 € stay; 245 € is due on 2030-02-02. */
const owing = (overrides: Partial<Booking> = {}) =>
  adminBooking({
    user_name: 'Alice',
    payment_method: 'stripe',
    paid_amount: 105,
    deposit_amount: 105,
    balance_amount: 245,
    balance_due_date: '2030-02-02',
    balance_status: 'due',
    ...overrides,
  });

const DEPOSIT: BookingPayment = {
  id: 'pay-1',
  kind: 'deposit',
  method: 'stripe',
  amount: 105,
  refunded_amount: 0,
  reference: 'pi_deposit_1',
  note: '',
  received_at: '2030-01-01T10:00:00.000Z',
};

const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

async function openPayments(booking: Booking) {
  const panelButton = await screen.findByRole('button', { name: `Paiements et solde de la réservation #${booking.id.slice(0, 8)}` }, LOAD);
  return panelButton;
}

describe('admin booking card: the schedule and the payments (issue 28)', () => {
  it('reads the payments only when opened, and shows the schedule and each payment', async () => {
    const booking = owing({ balance_auto_charge: true });
    const { requests } = mockAdminApi({ bookings: [booking], payments: { [booking.id]: [{ ...DEPOSIT, refunded_amount: 5 }] } });
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    const toggle = await openPayments(booking);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(requests.some((r) => r.path.endsWith('/payments'))).toBe(false);

    await user.click(toggle);
    const panel = screen.getByTestId('booking-payments');
    const schedule = within(panel).getByTestId('balance-schedule');
    expect(spaced(schedule.textContent)).toContain('Acompte105,00 €');
    expect(spaced(schedule.textContent)).toContain('Solde245,00 €');
    expect(spaced(schedule.textContent)).toContain(`Échéance du solde${formatDate('2030-02-02', 'fr')}`);
    expect(within(schedule).getByText('À payer')).toBeInTheDocument();
    expect(within(schedule).getByText('Oui, carte enregistrée')).toBeInTheDocument();
    const row = await within(panel).findByTestId('booking-payment');
    expect(row).toHaveTextContent('Acompte · Carte bancaire');
    expect(row).toHaveTextContent('pi_deposit_1');
    expect(spaced(row.textContent)).toContain('105,00 €');
    expect(spaced(row.textContent)).toContain('5,00 € remboursé');
    expect(requests.filter((r) => r.path === `/admin/bookings/${booking.id}/payments`)).toHaveLength(1);
  });

  it('records money received on site, and puts a refusal under the amount', async () => {
    const booking = owing();
    let recorded = 0;
    const { requests } = mockAdminApi(
      { bookings: [booking] },
      {
        'POST /admin/bookings/:id/payments': ({ body }) => {
          recorded += 1;
          if (recorded === 1) return { status: 400, body: { detail: 'More than owed', code: 'overpayment' } };
          Object.assign(booking, { paid_amount: booking.paid_amount + Number(body.amount) });
          return { status: 201, body: booking };
        },
      },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await openPayments(booking));
    const form = within(screen.getByTestId('booking-payments')).getByRole('form', { name: 'Enregistrer un paiement' });
    const amount = within(form).getByRole('textbox', { name: 'Montant reçu (€)' });
    expect(amount).toHaveValue('245.00');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(within(form).getByText('Saisissez un montant supérieur à 0, en euros, avec au plus 2 décimales')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(form).findByText('Ce montant dépasse ce qui reste à payer sur cette réservation')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '100,50');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Moyen de paiement' }), 'card_terminal');
    await user.type(within(form).getByRole('textbox', { name: 'Note (facultative)' }), 'Au comptoir');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText(/Paiement de 100,50\s€ enregistré/)).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.at(-1)?.path).toBe(`/admin/bookings/${booking.id}/payments`);
    expect(posts.at(-1)?.body).toEqual({ amount: 100.5, method: 'card_terminal', note: 'Au comptoir' });
    // The booking and its payments are read again.
    await waitFor(() => expect(screen.getByTestId('booking-paid')).toHaveTextContent(/205,50\s€/));
    expect(requests.filter((r) => r.path === `/admin/bookings/${booking.id}/payments`).length).toBeGreaterThan(1);
  });

  it('marks the balance paid with how it came, after confirming', async () => {
    const booking = owing();
    const { requests } = mockAdminApi(
      { bookings: [booking] },
      { 'POST /admin/bookings/:id/balance': () => Object.assign(booking, { balance_status: 'paid', paid_amount: 350 }) },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await openPayments(booking));
    const actions = screen.getByTestId('balance-actions');
    // No saved card: nothing to charge.
    expect(within(actions).queryByRole('button', { name: /Prélever maintenant/ })).toBeNull();
    await user.click(within(actions).getByRole('button', { name: `Marquer payé le solde de la réservation #${booking.id.slice(0, 8)}` }));
    const dialog = await screen.findByRole('dialog', { name: `Marquer payé le solde de la réservation #${booking.id.slice(0, 8)} ?` });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Moyen de paiement' }), 'cash');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (facultative)' }), 'Reçu en main propre');
    await user.click(within(dialog).getByRole('button', { name: 'Oui, marquer payé' }));
    expect(await screen.findByText('Solde marqué payé')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`/admin/bookings/${booking.id}/balance`);
    expect(post?.body).toEqual({ action: 'mark_paid', method: 'cash', note: 'Reçu en main propre' });
  });

  it('charges the saved card now or waives the balance, and says why the server refused', async () => {
    const booking = owing({ balance_auto_charge: true });
    const { requests } = mockAdminApi(
      { bookings: [booking] },
      { 'POST /admin/bookings/:id/balance': () => ({ status: 409, body: { detail: 'No card', code: 'no_saved_card' } }) },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await openPayments(booking));
    const id = booking.id.slice(0, 8);
    await user.click(within(screen.getByTestId('balance-actions')).getByRole('button', { name: `Prélever maintenant le solde de la réservation #${id}` }));
    let dialog = await screen.findByRole('dialog', { name: `Prélever le solde de la réservation #${id} ?` });
    expect(spaced(dialog.textContent)).toContain('La carte enregistrée de Alice sera débitée de 245,00 € maintenant');
    await user.click(within(dialog).getByRole('button', { name: 'Oui, prélever' }));
    expect(await screen.findByText("Le client n'a pas enregistré de carte : le solde ne peut pas être prélevé")).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ action: 'charge_now', note: '' });

    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await user.click(within(screen.getByTestId('balance-actions')).getByRole('button', { name: `Annuler le solde de la réservation #${id}` }));
    dialog = await screen.findByRole('dialog', { name: `Annuler le solde de la réservation #${id} ?` });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, annuler le solde' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ action: 'waive', note: '' }));
  });

  it('lets staff record a payment but not charge, mark paid or waive', async () => {
    const booking = owing();
    mockAdminApi({ user: { ...admin, role: 'staff', is_admin: false }, bookings: [booking] });
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await openPayments(booking));
    const panel = screen.getByTestId('booking-payments');
    expect(within(panel).getByRole('form', { name: 'Enregistrer un paiement' })).toBeInTheDocument();
    expect(within(panel).queryByTestId('balance-actions')).toBeNull();
    expect(await within(panel).findByText('Aucun paiement reçu')).toBeInTheDocument();
  });
});

describe('admin dashboard: overdue balances (issue 28)', () => {
  it('lists each overdue balance, and links to its booking', async () => {
    const late = owing({ user_name: 'Bruno', balance_status: 'overdue', start_date: '2030-03-04' });
    const { requests } = mockAdminApi({ bookings: [late, owing()] });
    renderApp('/admin', { token: ADMIN_TOKEN });
    const card = await screen.findByRole('region', { name: '1 solde en retard' }, LOAD);
    const rows = within(card).getAllByTestId('overdue-balance');
    expect(rows).toHaveLength(1);
    const link = within(rows[0]!).getByRole('link', { name: `#${late.id.slice(0, 8)} · Bruno` });
    expect(link).toHaveAttribute('href', `/admin/bookings?q=${late.id}`);
    expect(spaced(rows[0]!.textContent)).toContain(`Chambre 101 · ${late.property_name} · arrivée le ${formatDate('2030-03-04', 'fr')}`);
    expect(spaced(rows[0]!.textContent)).toContain('245,00 €');
    expect(spaced(rows[0]!.textContent)).toContain(`dû le ${formatDate('2030-02-02', 'fr')}`);
    expect(requests.map((r) => r.path)).toContain('/admin/balances/overdue');
  });

  it('shows no card when no balance is overdue', async () => {
    const { requests } = mockAdminApi({ bookings: [owing()] });
    const { queryClient } = renderApp('/admin', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, LOAD);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(requests.map((r) => r.path)).toContain('/admin/balances/overdue');
    expect(screen.queryByRole('region', { name: /en retard/ })).toBeNull();
  });
});
