import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, registrationBody, settle } from '../support/browser';
import { pickDay } from '../support/pages';
import { startPaymentSite, type PaymentSite } from '../support/payment-server';
import { addDays, freeStay, todayIn } from '../support/stay';

const SITE_TIME_ZONE = 'Europe/Brussels';
const ADMIN = { email: 'admin@example.com', password: 'admin123' };

interface Booking {
  id: string;
  status: string;
  start_date: string;
  total_price: number;
  taxes_total: number;
  paid_amount: number;
  refund_amount: number;
  refund_status: string;
  cancelled_by: string | null;
  cancellation_policy: { free_until_days: number; late_refund_percent: number };
}

let browser: Browser;
let site: PaymentSite;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startPaymentSite()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Euros as the French interface writes them, with plain spaces (Intl puts narrow no-break spaces). */
const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100).replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** A signed-in visitor in French, console errors collected. */
async function visitor(token: string) {
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 1280, height: 800 }, timezoneId: SITE_TIME_ZONE });
  await context.addInitScript((saved) => {
    if (sessionStorage.getItem('e2e-init')) return;
    sessionStorage.setItem('e2e-init', '1');
    localStorage.setItem('lang', 'fr');
    localStorage.setItem('token', saved);
  }, token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/tile|Failed to load resource/i.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/** The room page: dates through the calendar, then the card tab and the fake Stripe checkout, back on the success page. */
async function bookByCard(page: Page, roomId: string, stay: { arrival: string; departure: string }) {
  await page.goto(`/room/${roomId}`);
  await settle(page);
  const freeDay = (date: string) => page.locator(`[data-day="${date}"]:not([data-outside]) button:not([disabled])`);
  await freeDay(stay.arrival).waitFor();
  await pickDay(page, stay.arrival);
  await freeDay(stay.departure).waitFor();
  await pickDay(page, stay.departure);
  const summary = page.getByRole('region', { name: 'Résumé du séjour' });
  await summary.getByText('7 jours').waitFor();
  // The terms are told before paying.
  const terms = plain(await summary.getByTestId('cancellation-terms').textContent());
  await page.getByRole('tab', { name: 'Carte' }).click();
  await page.getByRole('button', { name: 'Réserver et payer par carte' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-success');
  await page.getByRole('heading', { name: 'Paiement réussi' }).waitFor();
  return { terms, sessionId: new URL(page.url()).searchParams.get('session_id') ?? '' };
}

describe('a guest cancelling a stay paid by card', () => {
  it('sees the refund before confirming, gets it back through Stripe, and the admin sees it in the bookings list', async () => {
    const user = newUser();
    const { token } = await site.api<{ token: string }>('/auth/register', { method: 'POST', body: registrationBody(user) });
    const [room] = await site.api<{ id: string }[]>('/rooms');
    if (!room) throw new Error('the demo data has no room');
    const today = todayIn(SITE_TIME_ZONE);
    const { bookings: taken } = await site.api<{ bookings: { start_date: string; end_date: string }[] }>(
      `/rooms/${room.id}/availability?start=${today}&end=${addDays(today, 180)}`,
    );
    // A week starting within the fortnight: past the free days of the default terms, so part of the money is kept.
    const stay = freeStay(today, taken, 7, 3);

    const guest = await visitor(token);
    const { terms, sessionId } = await bookByCard(guest.page, room.id, stay);
    const session = site.stripe.session(sessionId);
    const bookingId = session.metadata.booking_id ?? '';
    const [booked] = await site.api<Booking[]>('/bookings', { token });
    expect(booked).toMatchObject({ id: bookingId, status: 'confirmed', paid_amount: session.amount_total / 100, refund_status: 'none' });

    // What the booking's own terms give back today (docs/behaviour.md §10 and §18), in cents, rounded half up: all of
    // it while free; once late, the taxes in full (no tax is owed for a stay that does not happen) and the policy's
    // share of the rent and fees.
    const policy = booked!.cancellation_policy;
    const paidCents = session.amount_total;
    const taxesCents = Math.round(booked!.taxes_total * 100);
    const freeUntil = addDays(stay.arrival, -policy.free_until_days);
    const free = today <= freeUntil && today < stay.arrival;
    const refundCents = free ? paidCents : taxesCents + Math.floor(((paidCents - taxesCents) * policy.late_refund_percent + 50) / 100);
    expect(refundCents).toBeGreaterThan(0);
    expect(terms).toEqual(
      free ? expect.stringMatching(/^Annulation gratuite jusqu'au /) : `${policy.late_refund_percent} % remboursés en cas d'annulation avant l'arrivée`,
    );

    // My bookings: the card states the terms and what was paid; the prompt says what comes back before confirming.
    await guest.page.getByRole('main').getByRole('link', { name: 'Mes réservations' }).click();
    await guest.page.waitForURL('**/my-bookings');
    await settle(guest.page);
    const card = guest.page.getByRole('article').filter({ hasText: bookingId.slice(0, 8) });
    await card.getByText('Confirmée', { exact: true }).waitFor();
    expect(plain(await card.getByTestId('booking-money').textContent())).toContain(`Payé ${euros(paidCents)}`);
    expect(plain(await card.getByTestId('cancellation-terms').textContent())).toBe(terms);

    await card.getByRole('button', { name: 'Annuler la réservation' }).click();
    const prompt = guest.page.getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir annuler cette réservation ?' });
    const confirm = prompt.getByRole('button', { name: 'Oui, annuler' });
    await expect.poll(async () => confirm.isEnabled()).toBe(true);
    const said = plain(await prompt.textContent());
    expect(said).toContain(`Vous serez remboursé de ${euros(refundCents)}.`);
    if (refundCents < paidCents) expect(said).toContain(`${euros(paidCents - refundCents)} sont retenus selon les conditions d'annulation.`);
    await confirm.click();
    await guest.page.getByText(/^Réservation annulée : .* vous seront remboursés$/).waitFor();

    // The money went back once, through Stripe, on the payment's intent.
    expect(site.stripe.refunds).toEqual([
      expect.objectContaining({ payment_intent: session.payment_intent, amount: refundCents, status: 'succeeded' }),
    ]);
    const [cancelled] = await site.api<Booking[]>('/bookings', { token });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: 'guest', refund_amount: refundCents / 100, refund_status: 'succeeded' });

    // The card now tells the refund.
    await card.getByText('Annulée', { exact: true }).waitFor();
    await card.getByText('Remboursement effectué').waitFor();
    expect(plain(await card.getByTestId('booking-money').textContent())).toContain(`Remboursé ${euros(refundCents)}`);
    await card.getByText('Annulée par vous').waitFor();
    expect(await card.getByRole('button', { name: 'Annuler la réservation' }).count()).toBe(0);
    expect(guest.errors).toEqual([]);
    await guest.context.close();

    // The admin's bookings list: paid, refunded and the refund's state on the booking's card.
    const { token: adminToken } = await site.api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    const admin = await visitor(adminToken);
    await admin.page.goto('/admin/bookings');
    await settle(admin.page);
    await admin.page.getByRole('searchbox', { name: 'Rechercher' }).fill(bookingId);
    const adminCard = admin.page.getByTestId('admin-booking').filter({ hasText: bookingId.slice(0, 8) });
    await adminCard.waitFor();
    await expect.poll(async () => admin.page.getByTestId('admin-booking').count()).toBe(1);
    expect(plain(await adminCard.getByTestId('booking-paid').textContent())).toBe(euros(paidCents));
    expect(plain(await adminCard.getByTestId('booking-refunded').textContent())).toBe(euros(refundCents));
    await adminCard.getByText('Remboursée', { exact: true }).waitFor();
    await adminCard.getByText('Annulée par le client').waitFor();
    // Part of the payment is still refundable by the admin when the terms kept some.
    expect(await adminCard.getByRole('button', { name: /^Rembourser la réservation/ }).count()).toBe(refundCents < paidCents ? 1 : 0);
    // "Received" beside revenue: what was paid less what was refunded (this site's only payment).
    const received = admin.page.getByText('Encaissé', { exact: true }).locator('xpath=..');
    await expect.poll(async () => plain(await received.textContent())).toContain(euros(paidCents - refundCents));
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
