import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, newVisitor, registrationBody, settle } from '../support/browser';
import { pickStay } from '../support/pages';
import { startPaymentSite, type PaymentSite } from '../support/payment-server';
import { addDays, freeStay, todayIn } from '../support/stay';

let browser: Browser;
let site: PaymentSite;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startPaymentSite()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a guest paying by card', () => {
  it('books a room, pays on the (fake) Stripe page, and finds the booking confirmed', async () => {
    const user = newUser();
    const { token } = await site.api<{ token: string }>('/auth/register', { method: 'POST', body: registrationBody(user) });
    const [room] = await site.api<{ id: string; room_number: string; price_per_week: number }[]>('/rooms');
    if (!room) throw new Error('the demo data has no room');
    const today = todayIn('Europe/Brussels');
    const { bookings } = await site.api<{ bookings: { start_date: string; end_date: string }[] }>(
      `/rooms/${room.id}/availability?start=${today}&end=${addDays(today, 180)}`,
    );
    const stay = freeStay(today, bookings, 7, 3);
    // The whole price the server quotes for one adult (the room page's default party): rent, fees and taxes.
    const quote = await site.api<{ rent_total: number; total_price: number }>(
      `/rooms/${room.id}/quote?start_date=${stay.arrival}&end_date=${stay.departure}`,
    );
    expect(quote.rent_total).toBe(room.price_per_week);

    const { context, page, errors } = await newVisitor(browser, { baseURL: site.baseURL, viewport: { width: 1280, height: 800 }, language: 'fr', token });

    // The room page: dates through the calendar, then the card tab.
    await page.goto(`/room/${room.id}`);
    await settle(page);
    await pickStay(page, stay);
    await page.getByRole('region', { name: 'Résumé du séjour' }).getByText('7 jours').waitFor();
    await page.getByRole('tab', { name: 'Carte' }).click();
    await page.getByRole('button', { name: 'Réserver et payer par carte' }).click();

    // Stripe's hosted page (the fake pays at once) sends the browser back to the success page, which polls.
    await page.waitForURL((url) => url.pathname === '/payment-success');
    const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
    expect(sessionId).toMatch(/^cs_test_/);
    await page.getByRole('heading', { name: 'Paiement réussi' }).waitFor();

    const session = site.stripe.session(sessionId);
    expect(session).toMatchObject({
      currency: 'eur',
      amount_total: Math.round(quote.total_price * 100),
      payment_status: 'paid',
      success_url: `${site.baseURL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site.baseURL}/payment-cancel`,
    });

    // My bookings: the stay, confirmed, paid by card.
    await page.getByRole('main').getByRole('link', { name: 'Mes réservations' }).click();
    await page.waitForURL('**/my-bookings');
    await settle(page);
    const card = page.getByRole('article').filter({ hasText: session.metadata.booking_id!.slice(0, 8) });
    await card.waitFor();
    await card.getByText('Confirmée', { exact: true }).waitFor();
    await card.getByText('Carte bancaire').waitFor();

    const mine = await site.api<{ id: string; status: string; payment_method: string }[]>('/bookings', { token });
    expect(mine).toEqual([expect.objectContaining({ id: session.metadata.booking_id, status: 'confirmed', payment_method: 'stripe' })]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
