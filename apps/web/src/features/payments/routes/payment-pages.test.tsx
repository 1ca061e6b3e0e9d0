import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, type MockRoutes } from '../../../../test/api-mock';
import { client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { statusPolling } from '../api/payment-status';

function api(extra: MockRoutes) {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => client,
    'GET /bookings': () => [],
    ...extra,
  });
}

const statusCalls = (requests: { path: string }[]) => requests.filter((r) => r.path.startsWith('/payments/status/'));

describe('/payment-success', () => {
  const defaults = { ...statusPolling };
  beforeEach(() => {
    statusPolling.intervalMs = 20;
  });
  afterEach(() => {
    Object.assign(statusPolling, defaults);
  });

  it('polls 5 times, 2 seconds apart, by default (docs/behaviour.md §9)', () => {
    expect(defaults).toEqual({ attempts: 5, intervalMs: 2000 });
  });

  it('polls until the payment is paid, then shows success', async () => {
    let calls = 0;
    const { requests } = api({
      'GET /payments/status/:session_id': () => ({ payment_status: ++calls < 3 ? 'unpaid' : 'paid' }),
    });
    renderApp('/payment-success?session_id=cs_test_123', { token: 'token' });
    const heading = await screen.findByRole('heading', { name: 'Paiement réussi' });
    expect(statusCalls(requests).map((r) => r.path)).toEqual(Array(3).fill('/payments/status/cs_test_123'));
    const card = within(heading.parentElement!);
    expect(card.getByRole('link', { name: 'Mes réservations' })).toHaveAttribute('href', '/my-bookings');
    expect(card.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });

  it('stops after 5 attempts with the slow-verification warning', async () => {
    const { requests } = api({ 'GET /payments/status/:session_id': () => ({ payment_status: 'unpaid' }) });
    renderApp('/payment-success?session_id=cs_test_slow', { token: 'token' });
    expect(await screen.findByRole('heading', { name: 'Paiement en cours' })).toBeInTheDocument();
    expect(screen.getAllByText(/La vérification du paiement prend plus de temps que prévu/).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statusCalls(requests)).toHaveLength(5);
  });

  it('tells a guest whose late payment is being refunded', async () => {
    api({ 'GET /payments/status/:session_id': () => ({ payment_status: 'refund_pending' }) });
    renderApp('/payment-success?session_id=cs_late', { token: 'token' });
    expect(await screen.findByRole('heading', { name: 'Ces dates ne sont plus disponibles' })).toBeInTheDocument();
    expect(screen.getByText(/Vous serez intégralement remboursé/)).toBeInTheDocument();
  });

  it('shows the processing error for a payment that is not ours', async () => {
    const { requests } = api({
      'GET /payments/status/:session_id': () => ({ status: 403, body: { detail: 'Not yours', code: 'forbidden' } }),
    });
    renderApp('/payment-success?session_id=cs_other', { token: 'token' });
    expect(await screen.findByRole('heading', { name: 'Erreur lors du traitement du paiement' })).toBeInTheDocument();
    expect(statusCalls(requests)).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    mockApi({ 'GET /config': () => config });
    const { router } = renderApp('/payment-success?session_id=cs_test_123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('/paypal-success', () => {
  it('captures the order once and shows success', async () => {
    const { requests } = api({ 'POST /payments/paypal/capture/:order_id': () => ({ payment_status: 'paid' }) });
    renderApp('/paypal-success?token=ORDER123&PayerID=PAYER', { token: 'token' });
    expect(await screen.findByRole('heading', { name: 'Paiement réussi' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/payments/paypal/capture/ORDER123']);
  });

  it('warns while the payment is being processed', async () => {
    api({ 'POST /payments/paypal/capture/:order_id': () => ({ payment_status: 'pending' }) });
    renderApp('/paypal-success?token=ORDER456', { token: 'token' });
    expect(await screen.findByRole('heading', { name: 'Paiement en cours' })).toBeInTheDocument();
    expect(screen.getAllByText(/Le paiement est en cours de traitement/).length).toBeGreaterThan(0);
  });

  it('reports a failed capture', async () => {
    api({
      'POST /payments/paypal/capture/:order_id': () => ({ status: 402, body: { detail: 'Declined', code: 'payment_failed' } }),
    });
    renderApp('/paypal-success?token=ORDER789', { token: 'token' });
    expect(await screen.findByRole('heading', { name: 'Erreur lors du traitement du paiement' })).toBeInTheDocument();
    expect(await screen.findByText("Échec de l'encaissement du paiement")).toBeInTheDocument();
  });
});

describe('/payment-cancel', () => {
  it('says nothing was charged and offers to try again', async () => {
    api({});
    const { router, user } = renderApp({ pathname: '/payment-cancel' }, { token: 'token' });
    expect(await screen.findByRole('heading', { name: 'Paiement annulé' })).toBeInTheDocument();
    expect(screen.getByText("Paiement annulé, aucun montant n'a été débité")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(router.state.historyAction).toBe('POP');
  });

  it('speaks the visitor’s language', async () => {
    api({});
    const { user } = renderApp('/payment-cancel', { token: 'token' });
    await screen.findByRole('heading', { name: 'Paiement annulé' });
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Pago cancelado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});
