import { readFile } from 'node:fs/promises';
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

/** Issue 29: a guest pays by card, with billing details, and downloads the invoice from my bookings. */
describe('a guest’s invoice', () => {
  it('pays a booking by card with billing details, then downloads its invoice as a PDF from my bookings', async () => {
    const user = newUser();
    const { token } = await site.api<{ token: string }>('/auth/register', { method: 'POST', body: registrationBody(user) });
    const [room] = await site.api<{ id: string }[]>('/rooms');
    if (!room) throw new Error('the demo data has no room');
    const today = todayIn('Europe/Brussels');
    const { bookings } = await site.api<{ bookings: { start_date: string; end_date: string }[] }>(
      `/rooms/${room.id}/availability?start=${today}&end=${addDays(today, 240)}`,
    );
    // Clear of the card-payment journey's weeks (3 weeks ahead at the earliest).
    const stay = freeStay(today, bookings, 7, 12);

    const { context, page, errors } = await newVisitor(browser, { baseURL: site.baseURL, viewport: { width: 1280, height: 800 }, language: 'fr', token, acceptDownloads: true });

    await page.goto(`/room/${room.id}`);
    await settle(page);
    await pickStay(page, stay);
    await page.getByRole('region', { name: 'Résumé du séjour' }).getByText('7 jours').waitFor();

    // The invoice made out to a company.
    await page.getByLabel('Facturer à une société ou à un autre nom').check();
    await page.getByLabel('Société', { exact: true }).fill('Atelier Conceição Lda');
    await page.getByLabel('N° de TVA', { exact: true }).fill('PT 501234567');
    await page.getByRole('tab', { name: 'Carte' }).click();
    await page.getByRole('button', { name: 'Réserver et payer par carte' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await page.getByRole('heading', { name: 'Paiement réussi' }).waitFor();
    const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
    const bookingId = site.stripe.session(sessionId).metadata.booking_id!;

    await page.getByRole('main').getByRole('link', { name: 'Mes réservations' }).click();
    await page.waitForURL('**/my-bookings');
    await settle(page);
    const card = page.getByRole('article').filter({ hasText: bookingId.slice(0, 8) });
    await card.getByText('Confirmée', { exact: true }).waitFor();
    // The billing details, no longer editable once invoiced.
    await card.getByTestId('billing-details').getByText(/Atelier Conceição Lda/).waitFor();
    const list = card.getByTestId('invoice-list');
    const item = list.getByRole('listitem').filter({ hasText: /^Facture / });
    await item.waitFor();

    const [invoice] = await site.api<{ number: string; kind: string; amount: number }[]>(`/bookings/${bookingId}/invoices`, { token });
    expect(invoice).toMatchObject({ kind: 'invoice' });
    expect(invoice!.number).toMatch(/^[A-Z0-9]+-\d{4}-\d{5}$/);
    await item.getByText(invoice!.number).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Télécharger (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${invoice!.number}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);

    expect(errors).toEqual([]);
    await context.close();
  });
});
