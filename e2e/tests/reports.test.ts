import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, navigate, newVisitor } from '../support/browser';

const ADMIN = { email: 'admin@example.com', password: 'admin123' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Issue 30: the owner's numbers. */
describe('the reports screen', () => {
  it('opens with its charts and table, without a console error, and downloads every booking as CSV', async () => {
    const { token } = await api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    const { context, page, errors } = await newVisitor(browser, { token, language: 'fr', acceptDownloads: true });
    await navigate(page, '/admin/reports');
    await page.getByRole('heading', { name: 'Rapports', level: 1 }).waitFor();
    await page.getByRole('img', { name: /occupation/i }).first().waitFor();
    await page.getByRole('table').waitFor();

    // Bookings made before the click are all in the file (other journeys may add some meanwhile).
    const before = await api<{ id: string }[]>('/bookings/all', { token });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter les réservations (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFbooking,created_at,status,')).toBe(true);
    const ids = new Set(text.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]));
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((booking) => !ids.has(booking.id))).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
