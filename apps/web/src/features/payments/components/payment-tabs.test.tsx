import { addDays, calendarDateIn } from '@roomweek/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes, type RouteHandler } from '../../../../test/api-mock';
import { availability, booking, client, config, room } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import type { PaypalButtonsOptions } from '../utils/paypal-sdk';
import { redirectTo } from './card-payment';

const today = calendarDateIn(config.site_time_zone);
const day = (offset: number) => addDays(today, offset);
const paymentsOn = { ...config, stripe_enabled: true, paypal_enabled: true, paypal_client_id: 'sb-client-id' };

function api(extra: MockRoutes, publicConfig = paymentsOn) {
  return mockApi({
    'GET /config': () => publicConfig,
    'GET /auth/me': () => client,
    'GET /rooms/:id': () => room,
    'GET /rooms/:id/availability': () => availability([]),
    ...extra,
  });
}

/** The room page with a stay already chosen (the page reads it from the address). */
/** The guest's card booking is held; Stripe fails the first checkout, then answers `url`. */
function checkoutFailingOnce(url: string) {
  const pending = booking({ status: 'pending', payment_method: 'stripe' });
  const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
  let checkouts = 0;
  const { requests } = api({
    'POST /bookings': () => ({ status: 201, body: pending }),
    'POST /payments/checkout': () =>
      ++checkouts === 1 ? { status: 502, body: { detail: 'Stripe did not answer', code: 'payment_failed' } } : { url },
  });
  return { assign, requests };
}

async function openRoomWithStay() {
  const app = renderApp(`/room/${room.id}?start=${day(8)}&end=${day(15)}`, { token: 'client-token' });
  await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
  return app;
}

describe('card tab', () => {
  it('books, opens the checkout and sends the browser to it', async () => {
    const pending = booking({ status: 'pending', payment_method: 'stripe', start_date: day(8), end_date: day(15) });
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { requests } = api({
      'POST /bookings': () => ({ status: 201, body: pending }),
      'POST /payments/checkout': () => ({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' }),
    });
    const { user } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et payer par carte' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.path)).toEqual(['/bookings', '/payments/checkout']);
    expect(posts[0]?.body).toMatchObject({ payment_method: 'stripe', start_date: day(8), end_date: day(15) });
    expect(posts[1]?.body).toEqual({ booking_id: pending.id, host_url: window.location.origin });
  });

  it('pressing pay again after a failed checkout reuses the held booking', async () => {
    const { assign, requests } = checkoutFailingOnce('https://checkout.stripe.test/c/pay/cs_test_2');
    const { user } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et payer par carte' }));
    expect(await screen.findByText('Le paiement a échoué')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réserver et payer par carte' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_2'));
    expect(requests.filter((request) => request.path === '/bookings' && request.method === 'POST')).toHaveLength(1);
  });

  it('new dates are a new stay: the tab stays chosen, and pressing pay books the new dates', async () => {
    const { assign, requests } = checkoutFailingOnce('https://checkout.stripe.test/c/pay/cs_test_3');
    const { user, router } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et payer par carte' }));
    expect(await screen.findByText('Le paiement a échoué')).toBeInTheDocument();

    await act(() => router.navigate(`/room/${room.id}?start=${day(20)}&end=${day(27)}`));
    expect(screen.getByRole('tab', { name: 'Carte' })).toHaveAttribute('aria-selected', 'true');
    await user.click(await screen.findByRole('button', { name: 'Réserver et payer par carte' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_3'));
    const bookings = requests.filter((request) => request.method === 'POST' && request.path === '/bookings');
    expect(bookings.map((request) => request.body)).toMatchObject([
      { payment_method: 'stripe', start_date: day(8), end_date: day(15) },
      { payment_method: 'stripe', start_date: day(20), end_date: day(27) },
    ]);
  });

  it("falls back to the card tab's own message when the failure says nothing", async () => {
    api({
      'POST /bookings': () => ({ status: 201, body: booking({ status: 'pending', payment_method: 'stripe' }) }),
      'POST /payments/checkout': () => ({ status: 502 }),
    });
    const { user } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et payer par carte' }));
    expect(await screen.findByText('Impossible de lancer le paiement par carte')).toBeInTheDocument();
  });

  it('says when card payment is not available', async () => {
    api({}, { ...paymentsOn, stripe_enabled: false });
    const { user } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    expect(await screen.findByText(/Le paiement par carte n'est pas disponible/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réserver et payer par carte' })).not.toBeInTheDocument();
  });
});

describe('PayPal tab', () => {
  /** Stands in for PayPal's JS SDK: records the buttons' callbacks so the test can play the payer. */
  function fakePaypalSdk() {
    const rendered: PaypalButtonsOptions[] = [];
    window.paypal = {
      Buttons: (options) => ({
        render: async (container) => {
          rendered.push(options);
          container.append(Object.assign(document.createElement('button'), { textContent: 'PayPal' }));
        },
        close: async () => {},
      }),
    };
    return rendered;
  }

  /** A PayPal booking whose order the server refuses (`createOrder` answers): the buttons' order fails. */
  async function failPaypalOrder(createOrder: RouteHandler<'POST /payments/paypal/create-order'>) {
    const rendered = fakePaypalSdk();
    api({
      'POST /bookings': () => ({ status: 201, body: booking({ status: 'pending', payment_method: 'paypal' }) }),
      'POST /payments/paypal/create-order': createOrder,
    });
    const { user } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et continuer avec PayPal' }));
    await waitFor(() => expect(rendered).toHaveLength(1));
    await expect(rendered[0]!.createOrder()).rejects.toThrow();
  }

  it('loads nothing from PayPal until the tab is chosen', async () => {
    api({});
    await openRoomWithStay();
    expect(document.querySelector('script[src*="paypal.com/sdk/js"]')).toBeNull();
  });

  it('books, renders the PayPal buttons, creates the order, captures on approval and goes to my bookings', async () => {
    const rendered = fakePaypalSdk();
    const pending = booking({ status: 'pending', payment_method: 'paypal' });
    const { requests } = api({
      'POST /bookings': () => ({ status: 201, body: pending }),
      'POST /payments/paypal/create-order': () => ({ order_id: 'ORDER42' }),
      'POST /payments/paypal/capture/:order_id': () => ({ payment_status: 'paid' }),
      'GET /bookings': () => [{ ...pending, status: 'confirmed' }],
    });
    const { user, router } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et continuer avec PayPal' }));
    expect(await screen.findByText(/Vos dates sont réservées/)).toBeInTheDocument();
    await waitFor(() => expect(rendered).toHaveLength(1));

    const buttons = rendered[0]!;
    expect(await buttons.createOrder()).toBe('ORDER42');
    const order = requests.find((request) => request.path === '/payments/paypal/create-order');
    expect(order?.body).toEqual({
      booking_id: pending.id,
      return_url: `${window.location.origin}/paypal-success`,
      cancel_url: `${window.location.origin}/payment-cancel`,
    });
    await buttons.onApprove({ orderID: 'ORDER42' });
    expect(await screen.findByText('Paiement réussi')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-bookings'));
    delete window.paypal;
  });

  it('tells the user when creating the order failed', async () => {
    await failPaypalOrder(() => ({ status: 502, body: { detail: 'PayPal down', code: 'internal_error' } }));
    expect(await screen.findByText('Erreur du serveur, veuillez réessayer')).toBeInTheDocument();
    delete window.paypal;
  });

  it("falls back to the PayPal tab's own message when the failure says nothing", async () => {
    await failPaypalOrder(() => ({ status: 502 }));
    expect(await screen.findByText('Échec de la création de la commande PayPal')).toBeInTheDocument();
    delete window.paypal;
  });

  it('switching method is one call: the server re-uses the hold with the new method', async () => {
    fakePaypalSdk();
    const card = booking({ id: '66666666-6666-4666-8666-666666666666', status: 'pending', payment_method: 'stripe' });
    const wallet = { ...card, payment_method: 'paypal' as const };
    vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { requests } = api({
      'POST /bookings': (request) =>
        request.body.payment_method === 'stripe' ? { status: 201, body: card } : { status: 200, body: wallet },
      'POST /payments/checkout': () => ({ status: 502, body: { detail: 'Stripe did not answer', code: 'payment_failed' } }),
    });
    const { user } = await openRoomWithStay();
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et payer par carte' }));
    await screen.findByText('Le paiement a échoué');
    await user.click(screen.getByRole('tab', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et continuer avec PayPal' }));
    await screen.findByText(/Vos dates sont réservées/);
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /bookings',
      'POST /payments/checkout',
      'POST /bookings',
    ]);
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/bookings').map((r) => (r.body as { payment_method: string }).payment_method)).toEqual([
      'stripe',
      'paypal',
    ]);
    delete window.paypal;
  });
});
