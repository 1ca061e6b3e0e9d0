import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, newVisitor, registrationBody, settle, toastsGone } from '../support/browser';
import { pickStay } from '../support/pages';
import { startPaymentSite, type PaymentSite } from '../support/payment-server';
import { addDays, freeStay, todayIn } from '../support/stay';

const ADMIN = { email: 'admin@example.com', password: 'admin123' };

let browser: Browser;
let site: PaymentSite;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startPaymentSite()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Issue 28: a deposit by card now, the balance later from my bookings. */
describe('a deposit now, the balance later', () => {
  it('books with a 30 % deposit by card, sees the balance due in my bookings, pays it, sees “paid in full”', async () => {
    const { token: adminToken } = await site.api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    // 30 % at booking, the balance a week before arrival.
    await site.api('/admin/payment-terms', {
      method: 'PUT',
      token: adminToken,
      body: JSON.stringify({ deposit_percent: 30, balance_due_days: 7, balance_grace_days: 3, overdue_action: 'notify' }),
    });
    const user = newUser();
    const { token } = await site.api<{ token: string }>('/auth/register', { method: 'POST', body: registrationBody(user) });
    const [room] = await site.api<{ id: string }[]>('/rooms');
    if (!room) throw new Error('the demo data has no room');
    const today = todayIn('Europe/Brussels');
    const { bookings } = await site.api<{ bookings: { start_date: string; end_date: string }[] }>(
      `/rooms/${room.id}/availability?start=${today}&end=${addDays(today, 240)}`,
    );
    const stay = freeStay(today, bookings, 7, 15);
    const dueDate = addDays(stay.arrival, -7);

    const { context, page, errors } = await newVisitor(browser, { baseURL: site.baseURL, viewport: { width: 1280, height: 800 }, language: 'fr', token });

    await page.goto(`/room/${room.id}`);
    await settle(page);
    await pickStay(page, stay);
    const summary = page.getByRole('region', { name: 'Résumé du séjour' });
    await summary.getByText(/maintenant, .* avant le /).waitFor();

    await page.getByRole('tab', { name: 'Carte' }).click();
    await page.getByRole('button', { name: 'Réserver et payer par carte' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await page.getByRole('heading', { name: 'Paiement réussi' }).waitFor();
    const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
    const bookingId = site.stripe.session(sessionId).metadata.booking_id!;
    const [booking] = (await site.api<{ id: string; total_price: number; deposit_amount: number; balance_amount: number; balance_due_date: string }[]>('/bookings', { token })).filter(
      (b) => b.id === bookingId,
    );
    expect(booking).toMatchObject({ balance_due_date: dueDate });
    expect(site.stripe.session(sessionId).amount_total).toBe(Math.round(booking!.deposit_amount * 100));
    expect(booking!.deposit_amount + booking!.balance_amount).toBeCloseTo(booking!.total_price, 2);

    await toastsGone(page);
    await page.getByRole('main').getByRole('link', { name: 'Mes réservations' }).click();
    await page.waitForURL('**/my-bookings');
    await settle(page);
    const card = page.getByRole('article').filter({ hasText: bookingId.slice(0, 8) });
    await card.getByText('Confirmée', { exact: true }).waitFor();
    await card.getByText(/Payer le solde \(.* avant le .*\)/).waitFor();
    await card.getByRole('button', { name: 'Payer par carte' }).click();

    // The fake's hosted page pays the balance session and returns to the success page.
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await page.getByRole('heading', { name: 'Paiement réussi' }).waitFor();
    const balanceSession = new URL(page.url()).searchParams.get('session_id') ?? '';
    expect(site.stripe.session(balanceSession)).toMatchObject({ amount_total: Math.round(booking!.balance_amount * 100), metadata: { purpose: 'balance' } });

    await toastsGone(page);
    await page.getByRole('main').getByRole('link', { name: 'Mes réservations' }).click();
    await page.waitForURL('**/my-bookings');
    await settle(page);
    await page.getByRole('article').filter({ hasText: bookingId.slice(0, 8) }).getByText('Payée en totalité').waitFor();
    const [paid] = (await site.api<{ id: string; paid_amount: number; balance_status: string; total_price: number }[]>('/bookings', { token })).filter((b) => b.id === bookingId);
    expect(paid).toMatchObject({ balance_status: 'paid', paid_amount: booking!.total_price });

    expect(errors).toEqual([]);
    await context.close();
  });
});
