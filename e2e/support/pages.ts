import type { Page } from 'playwright-core';
import { api } from './browser';
import { addDays, freeStay, todayIn } from './stay';

const SITE_TIME_ZONE = 'Europe/Brussels';

/** Clicks a day of the booking calendar (not the greyed copy shown in the neighbouring month). */
export async function pickDay(page: Page, date: string) {
  await page.locator(`[data-day="${date}"]:not([data-outside]) button`).click();
}

/** A free stay of the room, from the API's availability (what the calendar shows). */
export async function findFreeStay(roomId: string, nights: number, fromOffset = 2) {
  const today = todayIn(SITE_TIME_ZONE);
  const { bookings } = await api<{ bookings: { start_date: string; end_date: string }[] }>(
    `/rooms/${roomId}/availability?start=${today}&end=${addDays(today, 180)}`,
  );
  return freeStay(today, bookings, nights, fromOffset);
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
