import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRegister, launchBrowser, navigate, newVisitor, settle, VIEWPORTS } from '../support/browser';
import { bookOnSite, pickDay } from '../support/pages';
import { addDays, todayIn } from '../support/stay';

/**
 * Issue 26, on a phone: a guest searches from the home page with dates and a party, opens a result, finds the room
 * with those dates and that party already chosen, books paying on site, and sees the booking with its party.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SITE_TIME_ZONE = 'Europe/Brussels';

/**
 * Opens the home page's calendar. The form's code comes when the visitor reaches for it (deferred-search-form.tsx):
 * pointing at it fetches it, then the form hydrates; the toggle is pressed once the calendar can answer.
 */
async function openCalendar(page: Page) {
  const form = page.getByRole('search', { name: 'Rechercher une chambre' });
  await form.hover();
  await settle(page);
  const toggle = form.getByRole('button', { name: /^Arrivée – départ/ });
  await toggle.click();
  await page.locator('.rdp-root').waitFor();
  return form;
}

describe('a guest on a phone', () => {
  it('searches from the home page, opens a result with the stay chosen, books on site and sees the party', async () => {
    const { token } = await apiRegister();
    const { page, errors, context } = await newVisitor(browser, { viewport: VIEWPORTS.phone, token });
    // A week two to three weeks ahead: inside the two months the calendar shows.
    const today = todayIn(SITE_TIME_ZONE);
    let arrival = addDays(today, 15);
    let departure = addDays(arrival, 7);

    // Home: dates from the calendar, two guests, search.
    await navigate(page, '/');
    const form = await openCalendar(page);
    const yesterday = page.locator(`[data-day="${addDays(today, -1)}"]:not([data-outside]) button`);
    if ((await yesterday.count()) > 0) await expect(yesterday.isDisabled()).resolves.toBe(true);
    await pickDay(page, arrival);
    await pickDay(page, departure);
    await page.locator('.rdp-root').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Un de plus : Voyageurs' }).click();
    await form.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    const asked = new URL(page.url()).searchParams;
    expect([asked.get('start_date'), asked.get('end_date'), asked.get('guests')]).toEqual([arrival, departure, '2']);

    // Results: rooms for two, or other dates offered when none is free (then the first of them).
    await page.getByRole('heading', { level: 2, name: /chambres? trouvées?$|^Résultats$/ }).waitFor();
    await settle(page);
    const results = page.getByRole('list', { name: 'Résultats' }).getByRole('article');
    if ((await results.count()) === 0) {
      const suggestion = page.getByRole('link', { name: /^Du .+ — \d+ chambres?$/ }).first();
      await suggestion.click();
      await page.waitForURL((url) => url.searchParams.get('start_date') !== arrival);
      const offered = new URL(page.url()).searchParams;
      arrival = offered.get('start_date') ?? arrival;
      departure = offered.get('end_date') ?? departure;
      await results.first().waitFor();
    }
    const first = results.first();
    const roomTitle = (await first.getByRole('heading', { level: 3 }).innerText()).trim();
    await first.getByTestId('result-total').waitFor();
    await first.getByRole('link', { name: roomTitle }).click();

    // The room, with the stay and the party of the search.
    await page.getByRole('heading', { level: 1, name: roomTitle }).waitFor();
    const opened = new URL(page.url());
    expect(opened.pathname).toMatch(/^\/room\//);
    expect([opened.searchParams.get('start_date'), opened.searchParams.get('end_date'), opened.searchParams.get('guests')]).toEqual([
      arrival,
      departure,
      '2',
    ]);
    const summary = page.getByRole('region', { name: 'Résumé du séjour' });
    await summary.getByText('7 jours').waitFor();
    const adults = page.getByRole('group', { name: 'Adultes' });
    await expect(adults.getByRole('status').innerText()).resolves.toBe('2');

    // Books, paying on site; my bookings shows the stay.
    const card = await bookOnSite(page, roomTitle);
    await card.getByText('Paiement sur place').waitFor();
    await expect(card.getByTestId('booking-party').innerText()).resolves.toBe('2 adultes');

    expect(errors).toEqual([]);
    await context.close();
  });
});
