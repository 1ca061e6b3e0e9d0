import { addDays, calendarDateIn, DEFAULT_CANCELLATION_POLICY, type Booking, type CancellationQuote } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { mockApi } from '../../../../test/api-mock';
import { booking, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /auth/me': () => client };
const today = calendarDateIn(config.site_time_zone);

/** GET /bookings/{id}/cancellation as the server answers it for the guest. */
function quote(refund: number, paid: number, startDate = '2030-03-04'): CancellationQuote {
  return {
    refund_amount: refund,
    policy_refund_amount: refund,
    paid_amount: paid,
    fee: paid - refund,
    policy_refund_split: { rent_and_fees: refund, taxes: 0 },
    free_cancellation_until: addDays(startDate, -DEFAULT_CANCELLATION_POLICY.free_until_days),
    policy: DEFAULT_CANCELLATION_POLICY,
  };
}

describe('my bookings', () => {
  it('lists bookings with their details', async () => {
    mockApi({
      ...base,
      'GET /bookings': () => [
        booking(),
        booking({ id: '66666666-6666-4666-8666-666666666666', status: 'cancelled', cancel_reason: 'user', payment_method: 'stripe', adults: 2, children: 1 }),
      ],
    });
    renderApp('/my-bookings', { token: 't' });
    const first = await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    expect(within(first).getByText('Confirmée')).toBeInTheDocument();
    expect(within(first).getByText('Marie Dupont')).toBeInTheDocument();
    expect(within(first).getByText('4 mars 2030')).toBeInTheDocument();
    expect(within(first).getByText('11 mars 2030')).toBeInTheDocument();
    expect(within(first).getByText(/^100,00\s€$/)).toBeInTheDocument();
    expect(within(first).getByText('Paiement sur place')).toBeInTheDocument();
    expect(within(first).getByTestId('booking-party')).toHaveTextContent(/^1 adulte$/);
    expect(within(first).getByRole('button', { name: 'Annuler la réservation' })).toBeInTheDocument();

    const cancelled = screen.getByRole('article', { name: 'Réservation n° 66666666' });
    expect(within(cancelled).getByText('Annulée')).toBeInTheDocument();
    expect(within(cancelled).getByText('Carte bancaire')).toBeInTheDocument();
    expect(within(cancelled).getByTestId('booking-party')).toHaveTextContent(/^2 adultes, 1 enfant$/);
    expect(within(cancelled).queryByRole('button', { name: 'Annuler la réservation' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ ...base, 'GET /bookings': () => [] });
    renderApp('/my-bookings', { token: 't' });
    expect(await screen.findByText('Aucune réservation pour le moment')).toBeInTheDocument();
  });

  it('says what comes back before the guest confirms, then cancels and reloads the list', async () => {
    let current: Booking = booking({ payment_method: 'stripe', paid_amount: 100 });
    let answerQuote: () => void = () => {};
    const { requests } = mockApi({
      ...base,
      'GET /bookings': () => [current],
      'GET /bookings/:id/cancellation': () => new Promise((resolve) => (answerQuote = () => resolve(quote(100, 100)))),
      'PUT /bookings/:id/cancel': () => {
        current = { ...current, status: 'cancelled', cancel_reason: 'user', cancelled_by: 'guest', refund_amount: 100, refund_status: 'pending' };
        return current;
      },
    });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const card = await screen.findByRole('article', { name: 'Réservation n° 55555555' });

    await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir annuler cette réservation ?' });
    // The amount first: confirming waits for it.
    expect(prompt).toHaveTextContent('Calcul de votre remboursement…');
    expect(within(prompt).getByRole('button', { name: 'Oui, annuler' })).toBeDisabled();
    answerQuote();
    await waitFor(() => expect(prompt).toHaveTextContent(/Vous serez remboursé de 100,00\s€\./));
    expect(prompt).not.toHaveTextContent('retenus');
    expect(requests.find((request) => request.path.endsWith('/cancellation'))?.path).toBe(`/bookings/${current.id}/cancellation`);
    await user.click(within(prompt).getByRole('button', { name: 'Non, garder' }));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
    const again = await screen.findByRole('alertdialog');
    answerQuote();
    const confirm = within(again).getByRole('button', { name: 'Oui, annuler' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await screen.findByText(/^Réservation annulée : 100,00\s€ vous seront remboursés$/)).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/bookings/${current.id}/cancel`);
    // A guest sends no body: the booking's terms decide.
    expect(put?.body).toBeUndefined();
    await waitFor(() => expect(within(card).getByText('Annulée')).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: 'Annuler la réservation' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Remboursement en cours/)).toBeInTheDocument();
  });

  it('tells the part kept after the free days, and why nothing comes back', async () => {
    const late = addDays(today, 5);
    const started = today;
    const bookings = [
      booking({ id: '11111111-0000-4000-8000-000000000001', payment_method: 'stripe', paid_amount: 99.99, start_date: late, end_date: addDays(late, 7) }),
      booking({ id: '22222222-0000-4000-8000-000000000002', payment_method: 'paypal', paid_amount: 80, start_date: started, end_date: addDays(started, 7) }),
      booking({ id: '33333333-0000-4000-8000-000000000003', payment_method: 'stripe', paid_amount: 80, start_date: late, end_date: addDays(late, 7), cancellation_policy: { free_until_days: 14, late_refund_percent: 0 } }),
      booking({ id: '44444444-0000-4000-8000-000000000004' }),
    ];
    const quotes: Record<string, CancellationQuote> = {
      '11111111': quote(50, 99.99, late),
      '22222222': quote(0, 80, started),
      '33333333': { ...quote(0, 80, late), policy: { free_until_days: 14, late_refund_percent: 0 } },
      '44444444': quote(0, 0),
    };
    mockApi({
      ...base,
      'GET /bookings': () => bookings,
      'GET /bookings/:id/cancellation': ({ params }) =>
        quotes[params.id.slice(0, 8)] ?? { status: 404, body: { detail: 'Booking not found', code: 'booking_not_found' } },
    });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const promptOf = async (id: string) => {
      const card = await screen.findByRole('article', { name: `Réservation n° ${id}` });
      await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
      const prompt = await screen.findByRole('alertdialog');
      await waitFor(() => expect(within(prompt).getByRole('button', { name: 'Oui, annuler' })).toBeEnabled());
      const text = prompt.textContent ?? '';
      await user.click(within(prompt).getByRole('button', { name: 'Non, garder' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      return text.replace(/\s/g, ' ');
    };
    expect(await promptOf('11111111')).toContain("Vous serez remboursé de 50,00 €. 49,99 € sont retenus selon les conditions d'annulation.");
    expect(await promptOf('22222222')).toContain('Aucun remboursement : le séjour a commencé.');
    expect(await promptOf('33333333')).toContain(
      `Aucun remboursement : l'annulation gratuite a pris fin le ${formatDate(addDays(late, -14), 'fr')}.`.replace(/\s/g, ' '),
    );
    expect(await promptOf('44444444')).toContain("Rien n'a été payé en ligne pour cette réservation : l'annulation ne coûte rien.");
  });

  it('shows the cancellation terms, what was paid and refunded, and where the refund stands', async () => {
    const early = addDays(today, 30);
    const late = addDays(today, 3);
    mockApi({
      ...base,
      'GET /bookings': () => [
        booking({ id: '11111111-0000-4000-8000-000000000001', payment_method: 'stripe', paid_amount: 100, start_date: early, end_date: addDays(early, 7) }),
        booking({ id: '22222222-0000-4000-8000-000000000002', payment_method: 'paypal', paid_amount: 100, start_date: late, end_date: addDays(late, 7) }),
        booking({
          id: '33333333-0000-4000-8000-000000000003',
          payment_method: 'stripe',
          status: 'cancelled',
          cancel_reason: 'admin',
          cancelled_by: 'admin',
          paid_amount: 100,
          refund_amount: 100,
          refund_status: 'succeeded',
        }),
        booking({ id: '44444444-0000-4000-8000-000000000004', payment_method: 'stripe', status: 'cancelled', cancelled_by: 'system', paid_amount: 60, refund_status: 'failed' }),
        booking({ id: '55555555-0000-4000-8000-000000000005' }),
      ],
    });
    renderApp('/my-bookings', { token: 't' });
    const card = async (id: string) => screen.findByRole('article', { name: `Réservation n° ${id}` });
    // The terms are read against the site's today: shown once the site's settings have come.
    const first = await card('11111111');
    await waitFor(() => expect(first).toHaveTextContent(`Annulation gratuite jusqu'au ${formatDate(addDays(early, -14), 'fr')}`));
    expect(await card('11111111')).toHaveTextContent(/Payé 100,00\s€/);
    expect(await card('11111111')).not.toHaveTextContent('Remboursé');
    expect(await card('22222222')).toHaveTextContent(/50\s% remboursés en cas d'annulation avant l'arrivée/);
    const refunded = await card('33333333');
    expect(refunded).toHaveTextContent(/Remboursé 100,00\s€/);
    expect(refunded).toHaveTextContent('Remboursement effectué');
    expect(refunded).toHaveTextContent("Annulée par l'administrateur");
    expect(refunded).not.toHaveTextContent('Annulation gratuite');
    const failed = await card('44444444');
    expect(failed).toHaveTextContent("Le remboursement n'a pas encore abouti");
    expect(failed).toHaveTextContent('Annulée automatiquement');
    // Paid on site, nothing refunded: no money lines.
    expect(within(await card('55555555')).queryByTestId('booking-money')).toBeNull();
  });

  it('shows the translated refusal when the stay is over', async () => {
    mockApi({
      ...base,
      'GET /bookings': () => [booking()],
      'GET /bookings/:id/cancellation': () => quote(0, 0),
      'PUT /bookings/:id/cancel': () => ({ status: 409, body: { detail: 'This stay is over', code: 'booking_finished' } }),
    });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const card = await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui, annuler' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await screen.findByText('Ce séjour est terminé et ne peut plus être annulé')).toBeInTheDocument();
  });

  it('keeps the confirm button off when the refund cannot be worked out', async () => {
    const { requests } = mockApi({
      ...base,
      'GET /bookings': () => [booking()],
      'GET /bookings/:id/cancellation': () => ({ status: 403, body: { detail: 'No', code: 'forbidden' } }),
    });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const card = await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
    const prompt = await screen.findByRole('alertdialog');
    await waitFor(() => expect(prompt).toHaveTextContent("Le remboursement n'a pas pu être calculé : Vous n'avez pas accès à cette action"));
    expect(within(prompt).getByRole('button', { name: 'Oui, annuler' })).toBeDisabled();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
