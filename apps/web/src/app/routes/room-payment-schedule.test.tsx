import { addDays, calendarDateIn, type QuoteResponse } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { redirectTo } from '@/features/payments/components/card-payment';
import { mockApi } from '../../../test/api-mock';
import { availability, booking, client, config, room } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const today = calendarDateIn(config.site_time_zone);
const day = (offset: number) => addDays(today, offset);
const paymentsOn = { ...config, stripe_enabled: true, paypal_enabled: true, paypal_client_id: 'sb-client-id' };

/** GET /rooms/{id}/quote as the server answers a week at 100 €, with the schedule given. */
const quote = (schedule: Partial<QuoteResponse>): QuoteResponse => ({
  start_date: day(40),
  end_date: day(47),
  nights: 7,
  lines: [],
  subtotal: 100,
  rent_total: 100,
  discount_percent: 0,
  discount_amount: 0,
  fees_total: 0,
  taxes_total: 0,
  vat_included: 0,
  total_price: 100,
  violations: [],
  ...schedule,
});

function api(answer: QuoteResponse) {
  const pending = booking({ status: 'pending', payment_method: 'stripe', start_date: day(40), end_date: day(47) });
  return mockApi({
    'GET /config': () => paymentsOn,
    'GET /auth/me': () => client,
    'GET /rooms/:id': () => room,
    'GET /rooms/:id/availability': () => availability([]),
    'GET /rooms/:id/quote': () => answer,
    'POST /bookings': () => ({ status: 201, body: pending }),
    'POST /payments/checkout': () => ({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' }),
  });
}

async function openRoomWithStay() {
  const app = renderApp(`/room/${room.id}?start=${day(40)}&end=${day(47)}`, { token: 'client-token' });
  await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
  return app;
}

const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('a deposit now, the balance later on the room page (issue 28)', () => {
  it("shows the quote's figures, and the card payment may save the card to charge the balance on its date", async () => {
    const { requests } = api(quote({ deposit_amount: 30, balance_amount: 70, balance_due_date: day(10) }));
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { user } = await openRoomWithStay();
    const summary = screen.getByRole('region', { name: 'Résumé du séjour' });
    const schedule = await within(summary).findByTestId('stay-schedule');
    const due = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day(10)}T00:00:00Z`));
    expect(spaced(schedule.textContent)).toBe(spaced(`30,00 € maintenant, 70,00 € avant le ${due}`));
    const asked = requests.find((r) => r.path === `/rooms/${room.id}/quote`);
    expect(Object.fromEntries(asked!.query)).toMatchObject({ start_date: day(40), end_date: day(47), adults: '1', children: '0' });

    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    const save = await screen.findByRole('checkbox', { name: `Prélever automatiquement le solde sur cette carte le ${due}` });
    expect(save).not.toBeChecked();
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Réserver et payer par carte' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    const checkout = requests.find((r) => r.path === '/payments/checkout');
    expect(checkout?.body).toEqual({ booking_id: booking().id, host_url: window.location.origin, save_card: true });
  });

  it('says nothing of a balance, and offers no card to save, when the stay is paid in one go', async () => {
    const { requests } = api(quote({ deposit_amount: 100, balance_amount: 0, balance_due_date: null }));
    vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { user } = await openRoomWithStay();
    await waitFor(() => expect(requests.some((r) => r.path === `/rooms/${room.id}/quote`)).toBe(true));
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Réserver et payer par carte' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/payments/checkout')).toBe(true));
    expect(screen.queryByTestId('stay-schedule')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Prélever automatiquement/ })).toBeNull();
    expect(requests.find((r) => r.path === '/payments/checkout')?.body).toEqual({ booking_id: booking().id, host_url: window.location.origin });
  });
});
