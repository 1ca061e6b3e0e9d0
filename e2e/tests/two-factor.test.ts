import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, settle } from '../support/browser';
import { startSite, type Site } from '../support/site-server';

/** Two-factor sign-in (issue 31, docs/decisions/0034), on a site of its own: the shared admin keeps signing in with a password. */
const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

let browser: Browser;
let site: Site;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startSite()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function visitor() {
  const context = await browser.newContext({ baseURL: site.baseURL, locale: 'fr-FR', timezoneId: 'Europe/Brussels' });
  await context.addInitScript(() => localStorage.setItem('lang', 'fr'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function passwordStep(page: Page) {
  await page.goto('/login');
  await settle(page);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('two-factor sign-in', () => {
  it('an admin turns it on with a code computed from the secret, then signs in again with a code', async () => {
    const first = await visitor();
    await passwordStep(first.page);
    await first.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await first.page.goto('/account');
    await settle(first.page);
    const card = first.page.getByTestId('two-factor');
    await card.getByRole('button', { name: 'Activer' }).click();
    await card.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByLabel('Code à 6 chiffres').fill(codeAt(secret));
    await card.getByRole('button', { name: 'Confirmer et activer' }).click();
    const codes = card.getByRole('list', { name: 'Vos codes de secours' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await card.getByRole('button', { name: 'Je les ai enregistrés' }).click();
    await card.getByText(/Activée/).waitFor();
    expect(first.errors).toEqual([]);
    await first.context.close();

    // Another browser: the password alone gives no session; the app's next code does.
    const second = await visitor();
    await passwordStep(second.page);
    const code = second.page.getByLabel('Code à 6 chiffres');
    await code.waitFor();
    expect(await second.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The next step's code: the enrolment's own code is used up.
    await code.fill(codeAt(secret, 30));
    await second.page.getByRole('button', { name: 'Se connecter' }).click();
    await second.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const token = await second.page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const me = (await (await fetch(`${site.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string; two_factor_enabled: boolean };
    expect(me).toMatchObject({ email: ADMIN.email, two_factor_enabled: true });
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});
