import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** System Chromium, headless (never a browser downloaded by Playwright). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

export interface VisitorOptions {
  viewport?: { width: number; height: number };
  /** Interface language saved from an earlier visit. */
  language?: 'fr' | 'es' | 'pt' | 'en';
  /** The browser's own language (its Accept-Language); French unless told. */
  locale?: string;
  /** Session token, as if already logged in. */
  token?: string;
  /** The device's time zone; the site's own unless told. */
  timezoneId?: string;
  /** A site of the test's own (a payment journey's); the shared site unless told. */
  baseURL?: string;
  acceptDownloads?: boolean;
}

/** A fresh visitor: own cookies and storage, console errors collected. */
export async function newVisitor(browser: Browser, options: VisitorOptions = {}) {
  const site = options.baseURL ?? baseURL();
  const context: BrowserContext = await browser.newContext({
    baseURL: site,
    acceptDownloads: options.acceptDownloads ?? true,
    viewport: options.viewport ?? VIEWPORTS.desktop,
    timezoneId: options.timezoneId ?? 'Europe/Brussels',
    // A French browser (its Accept-Language names French): the server renders pages in the visitor's language.
    locale: options.locale ?? 'fr-FR',
  });
  // The server renders a page in the language of the `lang` cookie the app writes when one is picked.
  if (options.language) await context.addCookies([{ name: 'lang', value: options.language, url: site }]);
  const storage = { lang: options.language, token: options.token };
  await context.addInitScript((saved) => {
    // Only before the first page of the visit, so the app's own changes persist across reloads.
    if (sessionStorage.getItem('e2e-init')) return;
    sessionStorage.setItem('e2e-init', '1');
    if (saved.lang) localStorage.setItem('lang', saved.lang);
    if (saved.token) localStorage.setItem('token', saved.token);
  }, storage);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Map tiles come from the internet, which the test machine may not reach.
    if (message.type() === 'error' && !/tile|Failed to load resource/i.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/** Opens a path and waits until the page has settled. */
export async function navigate(page: Page, to: string) {
  await page.goto(to);
  await settle(page);
}

/** No pending requests, no spinner. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[role="status"] .animate-spin').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

/**
 * Waits until no toast is shown (they sit at the top right, over the header's menu). The pointer is moved away first:
 * a toast under it waits for it to leave, as a reader's would.
 */
export async function toastsGone(page: Page) {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, { timeout: 15_000 });
}

export interface NewUser {
  name: string;
  firstName: string;
  email: string;
  password: string;
}

let counter = 0;
export function newUser(): NewUser {
  counter += 1;
  return {
    name: 'Martin',
    firstName: 'Léa',
    email: `lea.martin.${Date.now()}.${counter}@example.com`,
    password: 'secret123',
  };
}

/** Fills and sends the register form (the page must be /register). */
export async function register(page: Page, user: NewUser) {
  await page.getByLabel('Nom', { exact: true }).fill(user.name);
  await page.getByLabel('Prénom').fill(user.firstName);
  await page.getByLabel('Date de naissance').fill('1992-04-12');
  await page.getByLabel('Lieu de naissance').fill('Namur');
  await page.getByLabel('Téléphone').fill('+32 470 11 22 33');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

/** Logs in through the form (French interface). */
export async function login(page: Page, email: string, password: string) {
  if (!page.url().endsWith('/login')) await navigate(page, '/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The JSON body of POST /api/auth/register for this user. */
export function registrationBody(user: NewUser): string {
  return JSON.stringify({
    name: user.name,
    first_name: user.firstName,
    email: user.email,
    password: user.password,
    birth_date: '1992-04-12',
    birth_place: 'Namur',
    phone: '+32 470 11 22 33',
  });
}

/** Creates an account through the API and returns its token (for journeys that start logged in). */
export async function apiRegister(user: NewUser = newUser()): Promise<{ token: string; user: NewUser }> {
  const response = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: registrationBody(user),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return { token: body.token, user };
}

export async function api<T>(pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  const response = await fetch(`${baseURL()}/api${pathname}`, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}
