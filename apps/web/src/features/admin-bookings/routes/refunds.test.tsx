import { toCents, toEuros, type Booking, type CancellationPolicy } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminBooking, cancelRoute, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import type { MockRequest, MockRoutes } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const card = (name: string) => screen.getByText(name).closest('[data-testid="admin-booking"]') as HTMLElement;
const refundCalls = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/refund'));

/**
 * POST /admin/bookings/:id/refund as the server does it: the same Idempotency-Key answers the first refund again,
 * `failures` answers the first calls with a 503 (a lost answer or an outage).
 */
function refundRoute(bookings: Booking[], options: { failures?: number } = {}): MockRoutes {
  let failures = options.failures ?? 0;
  const seen = new Map<string, number>();
  return {
    'POST /admin/bookings/:id/refund': ({ params, body, headers }) => {
      if (failures-- > 0) return { status: 503, body: { detail: 'Busy', code: 'busy' } };
      const booking = bookings.find((b) => b.id === params.id);
      if (!booking) return { status: 404, body: { detail: 'Booking not found', code: 'booking_not_found' } };
      const key = headers.get('idempotency-key') ?? '';
      const { amount } = body;
      if (!seen.has(key)) {
        seen.set(key, amount);
        Object.assign(booking, { refund_amount: toEuros(toCents(booking.refund_amount) + toCents(amount)), refund_status: 'succeeded' });
      }
      return booking;
    },
  };
}

describe('admin refunds (docs/behaviour.md §10)', () => {
  it('shows paid and refunded on each card, and refunds part of a payment with an Idempotency-Key', async () => {
    const bookings = [
      adminBooking({ user_name: 'Alice', payment_method: 'stripe', total_price: 350, paid_amount: 350, refund_amount: 50, refund_status: 'succeeded' }),
      adminBooking({ user_name: 'Chloé', payment_method: 'on_site' }),
    ];
    const { requests } = mockAdminApi({ bookings }, refundRoute(bookings));
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByText('Alice', {}, LOAD);
    expect(within(card('Alice')).getByTestId('booking-paid')).toHaveTextContent(/^350,00\s€$/);
    expect(within(card('Alice')).getByTestId('booking-refunded')).toHaveTextContent(/^50,00\s€$/);
    expect(within(card('Alice')).getByText('Remboursée')).toBeInTheDocument();
    // Nothing was paid on site: nothing to refund.
    expect(within(card('Chloé')).queryByRole('button', { name: /Rembourser/ })).toBeNull();

    await user.click(within(card('Alice')).getByRole('button', { name: /^Rembourser la réservation/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Rembourser la réservation/ });
    const amount = within(dialog).getByRole('textbox', { name: 'Montant à rembourser (€)' });
    // By default everything still refundable: 350 − 50.
    expect(amount).toHaveValue('300.00');
    await user.clear(amount);
    await user.type(amount, '300,01');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(within(dialog).getByText('Plus que ce qui peut encore être remboursé sur cette réservation')).toBeInTheDocument();
    expect(refundCalls(requests)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '25,50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif (facultatif)' }), 'Geste commercial');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await screen.findByText(/^Remboursement de 25,50\s€ envoyé$/)).toBeInTheDocument();
    const [call] = refundCalls(requests);
    expect(call?.path).toBe(`/admin/bookings/${bookings[0]?.id}/refund`);
    expect(call?.body).toEqual({ amount: 25.5, reason: 'Geste commercial' });
    expect(call?.headers.get('idempotency-key')).toMatch(UUID);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(card('Alice')).getByTestId('booking-refunded')).toHaveTextContent(/^75,50\s€$/));
  });

  it('sends the same key when the same submission is retried, and a new one for another amount or another click', async () => {
    const bookings = [adminBooking({ user_name: 'Alice', payment_method: 'paypal', paid_amount: 200 })];
    const { requests } = mockAdminApi({ bookings }, refundRoute(bookings, { failures: 1 }));
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: /^Rembourser la réservation/ }, LOAD));
    let dialog = await screen.findByRole('dialog', { name: /^Rembourser la réservation/ });
    const amount = within(dialog).getByRole('textbox', { name: 'Montant à rembourser (€)' });
    await user.clear(amount);
    await user.type(amount, '40');

    // The first answer is lost: the dialog stays, and sending again repeats the key.
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await screen.findByText(/Le serveur est très sollicité/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await screen.findByText(/^Remboursement de 40,00\s€ envoyé$/);
    const [lost, retried] = refundCalls(requests);
    expect(retried?.headers.get('idempotency-key')).toBe(lost?.headers.get('idempotency-key'));

    // A new click of the card's button is a new refund: a new key.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /^Rembourser la réservation/ }));
    dialog = await screen.findByRole('dialog', { name: /^Rembourser la réservation/ });
    const again = within(dialog).getByRole('textbox', { name: 'Montant à rembourser (€)' });
    expect(again).toHaveValue('160.00');
    await user.clear(again);
    await user.type(again, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(refundCalls(requests)).toHaveLength(3));
    const keys = refundCalls(requests).map((r) => r.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(2);
    expect(keys[2]).toMatch(UUID);
  });

  it('offers to retry a failed refund, with the amount still refundable', async () => {
    const bookings = [
      adminBooking({ user_name: 'Bruno', payment_method: 'stripe', status: 'cancelled', cancel_reason: 'admin', paid_amount: 120, refund_status: 'failed' }),
    ];
    const { requests } = mockAdminApi({ bookings }, refundRoute(bookings));
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByText('Bruno', {}, LOAD);
    expect(within(card('Bruno')).getByText('Remboursement échoué')).toBeInTheDocument();
    await user.click(within(card('Bruno')).getByRole('button', { name: /^Relancer le remboursement/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Relancer le remboursement de la réservation/ });
    expect(dialog).toHaveTextContent("Le dernier remboursement a échoué et n'est plus compté comme remboursé.");
    expect(within(dialog).getByRole('textbox', { name: 'Montant à rembourser (€)' })).toHaveValue('120.00');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await screen.findByText(/^Remboursement de 120,00\s€ envoyé$/);
    expect(refundCalls(requests)[0]?.body).toEqual({ amount: 120 });
    await waitFor(() => expect(within(card('Bruno')).getByText('Remboursée')).toBeInTheDocument());
  });

  it("shows the server's refusal of a refund, translated", async () => {
    mockAdminApi(
      { bookings: [adminBooking({ user_name: 'Alice', payment_method: 'stripe', paid_amount: 90 })] },
      { 'POST /admin/bookings/:id/refund': () => ({ status: 400, body: { detail: 'At most €0.00', code: 'refund_too_large', field: 'amount' } }) },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: /^Rembourser la réservation/ }, LOAD));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    const message = 'Ce montant dépasse ce qui peut encore être remboursé sur cette réservation';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Montant à rembourser (€)' })).toHaveAccessibleDescription(message);
  });

  it('cancels a paid booking with the refund and reason the admin chose', async () => {
    const bookings = [adminBooking({ user_name: 'Alice', payment_method: 'stripe', paid_amount: 350 })];
    const { requests } = mockAdminApi({ bookings }, cancelRoute(bookings));
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: /^Annuler la réservation/ }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler cette réservation ?' });
    const amount = within(dialog).getByRole('textbox', { name: 'Remboursement (€)' });
    expect(amount).toHaveValue('350.00');
    await user.clear(amount);
    await user.type(amount, '350.5');
    await user.click(within(dialog).getByRole('button', { name: 'Oui, annuler' }));
    expect(within(dialog).getByText('Plus que ce qui peut encore être remboursé sur cette réservation')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '175');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif (facultatif)' }), 'Dégât des eaux');
    await user.click(within(dialog).getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Réservation annulée')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ refund_amount: 175, reason: 'Dégât des eaux' });
    await waitFor(() => expect(within(card('Alice')).getByTestId('booking-refunded')).toHaveTextContent(/^175,00\s€$/));
  });
});

describe('admin cancellation policy (docs/behaviour.md §10)', () => {
  it('shows the current terms, refuses values out of range, and saves the two numbers', async () => {
    let stored: CancellationPolicy = { free_until_days: 14, late_refund_percent: 50 };
    const { requests } = mockAdminApi(
      { cancellationPolicy: stored },
      {
        'GET /cancellation-policy': () => stored,
        'PUT /admin/cancellation-policy': ({ body }) => {
          stored = body as CancellationPolicy;
          return stored;
        },
      },
    );
    const { user } = renderApp('/admin/cancellation-policy', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: "Conditions d'annulation" }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/admin');
    const days = await screen.findByRole('textbox', { name: "Annulation gratuite jusqu'à (jours avant l'arrivée)" });
    const percent = screen.getByRole('textbox', { name: 'Remboursement ensuite (% du montant payé)' });
    expect(days).toHaveValue('14');
    expect(percent).toHaveValue('50');
    expect(screen.getByTestId('policy-summary')).toHaveTextContent(/jusqu'à 14 jours avant l'arrivée est gratuit\. Ensuite, 50\s%/);

    await user.clear(days);
    await user.type(days, '400');
    await user.clear(percent);
    await user.type(percent, '33.3');
    await user.click(within(days.closest('form')!).getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Saisissez un nombre entier de jours entre 0 et 365')).toBeInTheDocument();
    expect(screen.getByText('Saisissez un pourcentage entier entre 0 et 100')).toBeInTheDocument();
    expect(days).toHaveFocus();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(days);
    await user.type(days, '7');
    await user.clear(percent);
    await user.type(percent, '0');
    await user.click(within(days.closest('form')!).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Conditions d'annulation mises à jour")).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ free_until_days: 7, late_refund_percent: 0 });
    expect(screen.getByTestId('policy-summary')).toHaveTextContent(/jusqu'à 7 jours avant l'arrivée est gratuit\. Ensuite, 0\s%/);
  });

  it("shows the server's refusal translated", async () => {
    mockAdminApi(
      {},
      {
        'PUT /admin/cancellation-policy': () => ({
          status: 400,
          body: { detail: 'free_until_days: Too big', code: 'validation_error', field: 'free_until_days' },
        }),
      },
    );
    const { user } = renderApp('/admin/cancellation-policy', { token: ADMIN_TOKEN });
    const days = await screen.findByRole('textbox', { name: /Annulation gratuite/ }, LOAD);
    await user.click(within(days.closest('form')!).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText('Certaines informations sont invalides')).toHaveLength(2);
  });
});
