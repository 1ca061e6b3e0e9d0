import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, navigate, newUser, newVisitor, register } from '../support/browser';
import { bookOnSite, findFreeStay, pickDay } from '../support/pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new visitor', () => {
  it('finds a room, is asked to log in, signs up, books on site, sees the booking and cancels it', async () => {
    const { page, errors, context } = await newVisitor(browser);
    const user = newUser();

    // Home → a property.
    await navigate(page, '/');
    const propertyCard = page.getByRole('article').first();
    const propertyName = (await propertyCard.getByRole('heading').innerText()).trim();
    await propertyCard.getByRole('link', { name: `Voir les chambres de ${propertyName}` }).click();
    await page.getByRole('heading', { level: 1, name: propertyName }).waitFor();

    // Property → one of its rooms.
    const roomCard = page.getByRole('article').first();
    const roomTitle = (await roomCard.getByRole('heading').innerText()).trim();
    await roomCard.getByRole('link', { name: /^Réserver la chambre/ }).click();
    await page.getByRole('heading', { level: 1, name: roomTitle }).waitFor();
    const roomId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // Dates through the calendar: arrival, then departure a week later.
    const stay = await findFreeStay(roomId, 7);
    await pickDay(page, stay.arrival);
    await pickDay(page, stay.departure);
    const summary = page.getByRole('region', { name: 'Résumé du séjour' });
    await summary.getByText('7 jours').waitFor();

    // Booking as a guest: asked to log in.
    await page.getByRole('button', { name: 'Réserver et payer sur place' }).click();
    await page.getByText('Veuillez vous connecter pour réserver').first().waitFor();
    await page.waitForURL('**/login');

    // Signs up from the login page, and comes back to the room with the same dates.
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.waitForURL('**/register');
    await register(page, user);
    await page.waitForURL((url) => url.pathname === `/room/${roomId}`);
    const search = new URL(page.url()).searchParams;
    expect([search.get('start'), search.get('end')]).toEqual([stay.arrival, stay.departure]);
    await summary.waitFor();

    // Books, paying on site; my bookings shows the stay.
    const card = await bookOnSite(page, roomTitle);
    await expect(card.count()).resolves.toBe(1);
    await card.getByText('Confirmée', { exact: true }).waitFor();
    await card.getByText('Paiement sur place').waitFor();
    await card.getByText(`${user.firstName} ${user.name}`).waitFor();

    // Cancels it after the prompt.
    await card.getByRole('button', { name: 'Annuler la réservation' }).click();
    const prompt = page.getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir annuler cette réservation ?' });
    await prompt.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByText('Réservation annulée').first().waitFor();
    await card.getByText('Annulée', { exact: true }).waitFor();
    await expect(card.getByRole('button', { name: 'Annuler la réservation' }).count()).resolves.toBe(0);

    // The freed nights can be booked again.
    await navigate(page, `/room/${roomId}`);
    await page.locator(`[data-day="${stay.arrival}"]:not([data-outside]) button:not([disabled])`).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
