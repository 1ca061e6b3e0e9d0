import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { redirectTo } from '@/features/payments/components/card-payment';
import type { PaypalButtonsOptions } from '@/features/payments/utils/paypal-sdk';
import { formatDate } from '@/lib/format';
import { mockApi, type MockRoutes } from '../../../test/api-mock';
import { booking, client, config } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const paymentsOn = { ...config, stripe_enabled: true, paypal_enabled: true, paypal_client_id: 'sb-client-id' };
/** A card booking whose 30 € deposit is paid and whose 70 € balance is due on 2030-02-02. */
const owing = booking({
  payment_method: 'stripe',
  paid_amount: 30,
  deposit_amount: 30,
  balance_amount: 70,
  balance_due_date: '2030-02-02',
  balance_status: 'due',
});
const DUE = formatDate('2030-02-02', 'fr');
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function api(bookings: ReturnType<typeof booking>[], extra: MockRoutes = {}) {
  return mockApi({ 'GET /config': () => paymentsOn, 'GET /auth/me': () => client, 'GET /bookings': () => bookings, ...extra });
}

async function card(id = owing.id) {
  return screen.findByRole('article', { name: `Réservation n° ${id.slice(0, 8)}` });
}

describe('my bookings: the balance (issue 28)', () => {
  it('pays the balance by card: the balance route, then the browser goes to its checkout', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { requests } = api([owing], { 'POST /bookings/:id/balance': () => ({ url: 'https://checkout.stripe.test/c/pay/cs_balance' }) });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const article = await card();
    expect(spaced(within(article).getByTestId('balance-status').textContent)).toBe(spaced(`Solde de 70,00 € à payer avant le ${DUE}.`));
    const pay = await within(article).findByRole('region', { name: (name) => spaced(name) === spaced(`Payer le solde (70,00 € avant le ${DUE})`) });
    await user.click(within(pay).getByRole('button', { name: 'Payer par carte' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_balance'));
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.path).toBe(`/bookings/${owing.id}/balance`);
    expect(sent?.body).toEqual({ payment_method: 'stripe', host_url: window.location.origin });
  });

  it('pays the balance with PayPal: the order is the balance route’s, captured on approval', async () => {
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
    let current = owing;
    const { requests } = api([], {
      'GET /bookings': () => [current],
      'POST /bookings/:id/balance': () => ({ order_id: 'ORDER-BALANCE' }),
      'POST /payments/paypal/capture/:order_id': () => {
        current = { ...owing, paid_amount: 100, balance_status: 'paid' };
        return { payment_status: 'paid' };
      },
    });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const article = await card();
    await user.click(await within(article).findByRole('button', { name: 'Payer avec PayPal' }));
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(await rendered[0]!.createOrder()).toBe('ORDER-BALANCE');
    expect(requests.find((r) => r.path === `/bookings/${owing.id}/balance`)?.body).toEqual({
      payment_method: 'paypal',
      return_url: `${window.location.origin}/paypal-success`,
      cancel_url: `${window.location.origin}/payment-cancel`,
    });
    await rendered[0]!.onApprove({ orderID: 'ORDER-BALANCE' });
    expect(requests.some((r) => r.method === 'POST' && r.path === '/payments/paypal/capture/ORDER-BALANCE')).toBe(true);
    expect(await within(await card()).findByText('Payée en totalité')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payer avec PayPal' })).toBeNull();
    delete window.paypal;
  });

  it('says when the balance is overdue or charged on its own, and says the refusal of the server', async () => {
    const overdue = { ...owing, balance_status: 'overdue' as const, balance_auto_charge: true };
    api([overdue], { 'POST /bookings/:id/balance': () => ({ status: 409, body: { detail: 'Nothing due', code: 'nothing_due' } }) });
    vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { user } = renderApp('/my-bookings', { token: 't' });
    const article = await card();
    const status = within(article).getByTestId('balance-status');
    expect(spaced(status.textContent)).toBe(spaced(`En retard : le solde de 70,00 € était dû le ${DUE}. Prélevé automatiquement sur votre carte le ${DUE}.`));
    expect(status).toHaveClass('text-red-800');
    await user.click(await within(article).findByRole('button', { name: 'Payer par carte' }));
    expect(await screen.findByText("Il n'y a rien à payer sur cette réservation")).toBeInTheDocument();
  });

  it('says paid in full or waived, and offers no payment then', async () => {
    api([
      booking({ payment_method: 'stripe', paid_amount: 100 }),
      booking({ id: '66666666-6666-4666-8666-666666666666', paid_amount: 30, balance_amount: 70, balance_due_date: '2030-02-02', balance_status: 'waived' }),
      booking({ id: '77777777-7777-4777-8777-777777777777', paid_amount: 0 }),
    ]);
    renderApp('/my-bookings', { token: 't' });
    expect(within(await card()).getByTestId('balance-status')).toHaveTextContent('Payée en totalité');
    expect(within(await card('66666666')).getByTestId('balance-status')).toHaveTextContent('Solde annulé par le propriétaire');
    // On site and not paid yet: nothing to say about a balance.
    expect(within(await card('77777777')).queryByTestId('balance-status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Payer par carte' })).toBeNull();
  });
});
