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
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
              setTimeout(resolve, 5000);
            }),
      ),
    );
  });
  await page.waitForLoadState('networkidle');
}
