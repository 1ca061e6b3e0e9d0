import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, navigate, newVisitor, settle } from '../support/browser';
import { findFreeStay, pickDay } from '../support/pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('language', () => {
  it('switching language changes the page text and is remembered', async () => {
    const { page, errors, context } = await newVisitor(browser);
    await navigate(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Votre chambre à la semaine, simplement' }).waitFor();
    // The selector's own label changes with the language: find it by its buttons.
    const selector = page.locator('[role="group"]:has(button[lang="fr"])');
    await expect(selector.getAttribute('aria-label')).resolves.toBe('Langue');
    const shown = () => selector.locator('span[aria-hidden="true"]').allInnerTexts();
    await expect(shown()).resolves.toEqual(['FR', 'es', 'pt', 'en']);

    await selector.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your room by the week, made simple' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(shown()).resolves.toEqual(['fr', 'es', 'pt', 'EN']);
    await expect(selector.getAttribute('aria-label')).resolves.toBe('Language');

    await selector.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tu habitación por semanas, sin complicaciones' }).waitFor();

    // A later visit opens in the chosen language.
    await page.reload();
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Tu habitación por semanas, sin complicaciones' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('access', () => {
  it('a logged-out visitor opening /my-bookings is sent to /login', async () => {
    const { page, context } = await newVisitor(browser);
    await navigate(page, '/my-bookings');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    await context.close();
  });

  it('deep links such as /room/<id> load directly, and unknown pages say so', async () => {
    const [property] = await api<{ id: string }[]>('/properties');
    const [room] = await api<{ id: string; room_number: string }[]>(`/rooms?property_id=${property?.id}`);
    const { page, errors, context } = await newVisitor(browser);
    const response = await page.goto(`/room/${room?.id}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: `Chambre ${room?.room_number}` }).waitFor();

    await navigate(page, '/nowhere/at/all');
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the first page downloads no admin, map, calendar or payment code', async () => {
    const { page, context } = await newVisitor(browser);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await navigate(page, '/');
    await page.getByRole('article').first().waitFor();
    const names = scripts.map((response) => new URL(response.url()).pathname);
    const forbidden = names.filter((name) =>
      /admin|property-map|leaflet|booking-calendar|day-picker|payment|paypal|stripe|room-booking/i.test(name),
    );
    expect(forbidden).toEqual([]);

    let bytes = 0;
    for (const response of scripts) bytes += (await response.request().sizes()).responseBodySize;
    console.log(`first page: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB transferred`);
    await context.close();
  });

  it('the room page downloads no zod, before or after dates are chosen (decision 0026)', async () => {
    const [property] = await api<{ id: string }[]>('/properties');
    const [room] = await api<{ id: string; room_number: string }[]>(`/rooms?property_id=${property?.id}`);
    const { page, context } = await newVisitor(browser);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    // zod's classes keep their names in the minified build: `$constructor("$ZodType", …)`.
    const withZod = async () => {
      const found: string[] = [];
      for (const response of scripts) if ((await response.text()).includes('"$ZodType"')) found.push(new URL(response.url()).pathname);
      return found;
    };
    await navigate(page, `/room/${room?.id}`);
    await page.getByRole('heading', { level: 1, name: `Chambre ${room?.room_number}` }).waitFor();
    const stay = await findFreeStay(room?.id ?? '', 7);
    await pickDay(page, stay.arrival);
    await pickDay(page, stay.departure);
    await page.getByRole('region', { name: 'Résumé du séjour' }).getByText('7 jours').waitFor();
    await settle(page);
    expect(scripts.some((response) => /booking-calendar/.test(response.url()))).toBe(true);
    await expect(withZod()).resolves.toEqual([]);
    await context.close();
  });
});
