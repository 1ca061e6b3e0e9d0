import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseURL, launchBrowser, settle } from '../support/browser';

/** Two-factor sign-in (issue 31, docs/decisions/0034). The shared site's admin gets it off again afterwards. */
const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const codeAt = (secret: string, offsetSeconds = 0, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at + offsetSeconds * 1000 });

let browser: Browser;
const STEP_MS = 30_000;
/** What turning 2FA off again needs, once the test has turned it on: the secret, a session, the last step used. */
let cleanup: { secret: string; token: string; usedStep: number } | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // The other journeys sign the admin in with the password alone: turn it off. The server takes a code of the step
  // before, at or after now, and only of a step later than the last one used: wait until the next step is in reach.
  if (cleanup) {
    const { secret, token, usedStep } = cleanup;
    const waitMs = usedStep * STEP_MS - Date.now() + 1_000;
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    await api('/auth/2fa/disable', {
      method: 'POST',
      token,
      body: JSON.stringify({ current_password: ADMIN.password, code: codeAt(secret, 30) }),
    });
  }
  await browser?.close();
});

async function visitor() {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'fr-FR', timezoneId: 'Europe/Brussels' });
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
    const now = Date.now();
    const usedStep = Math.floor((now + STEP_MS) / STEP_MS);
    await code.fill(codeAt(secret, 30, now));
    await second.page.getByRole('button', { name: 'Se connecter' }).click();
    await second.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const token = await second.page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    cleanup = { secret, token: token!, usedStep };
    const me = await api<{ email: string; two_factor_enabled: boolean }>('/auth/me', { token: token! });
    expect(me).toMatchObject({ email: ADMIN.email, two_factor_enabled: true });
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});
