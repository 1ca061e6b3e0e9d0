import type { Page } from 'playwright-core';
import { api, settle } from './browser';
import { addDays, freeStay, todayIn } from './stay';

const SITE_TIME_ZONE = 'Europe/Brussels';

/** Clicks a day of the booking calendar (not the greyed copy shown in the neighbouring month). */
export async function pickDay(page: Page, date: string) {
  await page.locator(`[data-day="${date}"]:not([data-outside]) button`).click();
}

/** Picks a stay's arrival then departure once the calendar has enabled them (it knows the room's availability then). */
export async function pickStay(page: Page, stay: { arrival: string; departure: string }) {
  const freeDay = (date: string) => page.locator(`[data-day="${date}"]:not([data-outside]) button:not([disabled])`);
  await freeDay(stay.arrival).waitFor();
  await pickDay(page, stay.arrival);
  await freeDay(stay.departure).waitFor();
  await pickDay(page, stay.departure);
}

/**
 * Brings the room page's booking card on screen, as a visitor scrolling to it: on a phone the calendar is below the
 * fold and comes only then (a signed-in visitor's page re-renders before it would hydrate, so it is not drawn sooner).
 */
export async function showCalendar(page: Page) {
  await page.locator('#book').evaluate((card) => card.scrollIntoView());
  await page.locator('.rdp-root').waitFor();
}

const HORIZON_DAYS = 180;

/**
 * A free stay of the room, from the API's availability: within the two months the calendar shows, or with `anywhere`
 * within HORIZON_DAYS (a stay booked through the API only to be listed, which must not crowd the calendar's months).
 */
export async function findFreeStay(roomId: string, nights: number, fromOffset = 2, anywhere = false) {
  const today = todayIn(SITE_TIME_ZONE);
  const { bookings } = await api<{ bookings: { start_date: string; end_date: string }[] }>(
    `/rooms/${roomId}/availability?start=${today}&end=${addDays(today, HORIZON_DAYS)}`,
  );
  return freeStay(today, bookings, nights, fromOffset, anywhere ? addDays(today, HORIZON_DAYS) : undefined);
}

/** Loads every photo now (they are lazy), so a full-page screenshot shows them. */
export async function loadAllImages(page: Page) {
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, { timeout: 10_000 })
    .catch(() => {});
  await page.evaluate(() => Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => {}))));
  await page.waitForLoadState('networkidle');
}

/** Books the room page's chosen stay paying on site, then waits for my bookings and answers the card of `roomTitle`. */
export async function bookOnSite(page: Page, roomTitle: string) {
  await page.getByRole('button', { name: 'Réserver et payer sur place' }).click();
  await page.getByText('Réservation créée avec succès').first().waitFor();
  await page.waitForURL('**/my-bookings');
  await settle(page);
  const card = page.getByRole('article').filter({ hasText: roomTitle });
  await card.waitFor();
  return card;
}
