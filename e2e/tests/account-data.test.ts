import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, settle, toastsGone } from '../support/browser';
import { pickDay } from '../support/pages';
import { startPaymentSite, type PaymentSite } from '../support/payment-server';
import { addDays, freeStay, todayIn } from '../support/stay';

const SITE_TIME_ZONE = 'Europe/Brussels';

interface Export {
  profile: { email: string; first_name: string; phone: string; anonymised_at: string | null };
  bookings: { id: string; status: string; payments: { provider: string; status: string; amount: number }[] }[];
  messages: { kind: string; subject: string }[];
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

describe("a guest's own data", () => {
  it('signs up (the privacy page one click away), books and pays by card, downloads the export, deletes the account', async () => {
    const user = newUser();
    const context = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 1280, height: 800 }, timezoneId: SITE_TIME_ZONE });
    await context.addInitScript(() => {
      if (sessionStorage.getItem('e2e-init')) return;
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('lang', 'fr');
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A refused call (the logout of a session the deletion already ended) is logged by the browser as a failed resource.
      if (message.type() === 'error' && !/tile|Failed to load resource/i.test(message.text())) errors.push(message.text());
    });

    // Sign up through the form; the privacy page is linked from it and from the footer.
    await page.goto('/register');
    await settle(page);
    expect(await page.getByRole('link', { name: /Comment nous traitons vos données/ }).getAttribute('href')).toBe('/privacy');
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Confidentialité' }).getAttribute('href')).toBe('/privacy');
    await page.getByLabel('Nom', { exact: true }).fill(user.name);
    await page.getByLabel('Prénom').fill(user.firstName);
    await page.getByLabel('Date de naissance').fill('1992-04-12');
    await page.getByLabel('Lieu de naissance').fill('Namur');
    await page.getByLabel('Téléphone').fill('+32 470 11 22 33');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe').fill(user.password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Compte créé avec succès').first().waitFor();

    // Book a week a month ahead (free cancellation) and pay by card on the (fake) Stripe page.
    const [room] = await site.api<{ id: string; price_per_week: number }[]>('/rooms');
    if (!room) throw new Error('the demo data has no room');
    const today = todayIn(SITE_TIME_ZONE);
    const { bookings: taken } = await site.api<{ bookings: { start_date: string; end_date: string }[] }>(
      `/rooms/${room.id}/availability?start=${today}&end=${addDays(today, 180)}`,
    );
    const stay = freeStay(today, taken, 7, 20);
    await page.goto(`/room/${room.id}`);
    await settle(page);
    const freeDay = (date: string) => page.locator(`[data-day="${date}"]:not([data-outside]) button:not([disabled])`);
    await freeDay(stay.arrival).waitFor();
    await pickDay(page, stay.arrival);
    await freeDay(stay.departure).waitFor();
    await pickDay(page, stay.departure);
    await page.getByRole('tab', { name: 'Carte' }).click();
    await page.getByRole('button', { name: 'Réserver et payer par carte' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await page.getByRole('heading', { name: 'Paiement réussi' }).waitFor();
    const bookingId = site.stripe.session(new URL(page.url()).searchParams.get('session_id') ?? '').metadata.booking_id!;

    // My account, from the user menu (once the payment's toast above it has gone): the details held, and the export as a file.
    await toastsGone(page);
    await page.getByRole('button', { name: /Menu de Léa Martin/ }).click();
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    await page.getByRole('main').getByText(user.email).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger mes données' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^roomweek-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as Export;
    expect(exported.profile).toMatchObject({ email: user.email, first_name: 'Léa', phone: '+32 470 11 22 33', anonymised_at: null });
    expect(exported.bookings).toEqual([
      expect.objectContaining({ id: bookingId, status: 'confirmed', payments: [expect.objectContaining({ provider: 'stripe', status: 'paid' })] }),
    ]);
    expect(exported.messages.map((message) => message.kind)).toContain('booking_confirmation');

    // Delete the account: the dialog says what happens and asks the password.
    await page.getByRole('button', { name: 'Supprimer mon compte…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' });
    await dialog.getByText(/réservations à venir sont annulées/).waitFor();
    await dialog.getByLabel('Votre mot de passe').fill(user.password);
    await dialog.getByRole('button', { name: 'Supprimer mon compte', exact: true }).click();
    await page.getByText(/Votre compte a été supprimé et 1 réservation annulée/).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The stay was cancelled and refunded in full through Stripe; the old login fails; the e-mail can sign up again.
    const paid = site.stripe.sessionFor(bookingId);
    expect(paid.amount_total).toBeGreaterThanOrEqual(Math.round(room.price_per_week * 100));
    expect(site.stripe.refunds.filter((refund) => refund.payment_intent === paid.payment_intent).map((refund) => refund.amount)).toEqual([
      paid.amount_total,
    ]);
    const login = await fetch(`${site.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(401);
    const again = await fetch(`${site.baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Martin', first_name: 'Léa', email: user.email, password: 'another-pass', birth_date: '1992-04-12', birth_place: 'Namur', phone: '+32 470 11 22 33' }),
    });
    expect(again.status).toBe(201);
    expect(errors).toEqual([]);
    await context.close();
  });
});
