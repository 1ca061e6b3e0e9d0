import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/accessibility';
import { api, apiRegister, launchBrowser, navigate, newVisitor } from '../support/browser';
import { findFreeStay, showCalendar } from '../support/pages';

/**
 * axe-core's WCAG 2 A/AA rules (colour contrast, names, labels, landmarks…) on every public page, the guest's own
 * pages and every admin screen, at a phone width and a desktop width: none may report a violation.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const WIDTHS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

type Who = 'visitor' | 'guest' | 'admin';
interface Screen {
  name: string;
  who: Who;
  path: () => string;
  /** Brings the page to the state to check, once it has settled (default: its h1 is shown). */
  ready?: (page: Page) => Promise<void>;
}

let browser: Browser;
const tokens: Record<Who, string> = { visitor: '', guest: '', admin: '' };
let propertyId = '';
let roomId = '';
let stay = { arrival: '', departure: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  const properties = await api<{ id: string }[]>('/properties');
  propertyId = properties[0]?.id ?? '';
  const rooms = await api<{ id: string }[]>(`/rooms?property_id=${propertyId}`);
  roomId = rooms[0]?.id ?? '';
  ({ token: tokens.admin } = await api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) }));
  // A guest with a booking, so that their list (and the admin's) shows a booking card.
  ({ token: tokens.guest } = await apiRegister());
  const booked = await findFreeStay(roomId, 7, 24, true);
  await api('/bookings', {
    method: 'POST',
    token: tokens.guest,
    body: JSON.stringify({ room_id: roomId, start_date: booked.arrival, end_date: booked.departure, payment_method: 'on_site' }),
  });
  stay = await findFreeStay(roomId, 7, 3);
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.locator('h1').first().waitFor();
const articles = async (page: Page) => {
  await heading(page);
  await page.getByRole('article').first().waitFor();
};

const searchWithDates = () => `/search?start_date=${stay.arrival}&end_date=${stay.departure}&guests=1`;
/** The search's answer on screen: rooms found, or the empty state. */
const searchAnswered = async (page: Page) => {
  await heading(page);
  await page.getByRole('heading', { level: 2, name: /chambres? trouvées?$|^Résultats$/ }).waitFor();
};
const roomWithDates = () => `/room/${roomId}?start=${stay.arrival}&end=${stay.departure}`;
const datesChosen = async (page: Page) => {
  await showCalendar(page);
  await page.getByRole('region', { name: 'Résumé du séjour' }).getByText('7 jours').waitFor();
};
/** The dates chosen, then another payment method's tab opened (its panel loads lazily). */
const paymentTab = (name: string) => async (page: Page) => {
  await datesChosen(page);
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel', { name });
  await panel.waitFor();
  await panel.locator('.animate-pulse').waitFor({ state: 'detached' });
};

const screens: Screen[] = [
  { name: 'home', who: 'visitor', path: () => '/', ready: articles },
  { name: 'property', who: 'visitor', path: () => `/property/${propertyId}`, ready: articles },
  // Issue 26: the search with dates (Lighthouse accessibility 100), its filters open; a property marking its free rooms.
  { name: 'search with dates', who: 'visitor', path: () => searchWithDates(), ready: searchAnswered },
  {
    name: 'search with its filters open',
    who: 'visitor',
    path: () => searchWithDates(),
    ready: async (page) => {
      await searchAnswered(page);
      await page.locator('summary', { hasText: 'Filtres' }).click();
      await page.getByRole('button', { name: 'Appliquer' }).waitFor();
    },
  },
  {
    name: 'property with dates',
    who: 'visitor',
    path: () => `/property/${propertyId}?start_date=${stay.arrival}&end_date=${stay.departure}&guests=1`,
    ready: async (page) => {
      await articles(page);
      await page.getByText(/^(Libre pour vos dates|Non disponible)$/).first().waitFor();
    },
  },
  { name: 'room', who: 'visitor', path: () => `/room/${roomId}` },
  { name: 'room with dates', who: 'visitor', path: () => roomWithDates(), ready: datesChosen },
  { name: 'room with dates, card payment', who: 'guest', path: () => roomWithDates(), ready: paymentTab('Carte') },
  { name: 'room with dates, PayPal payment', who: 'guest', path: () => roomWithDates(), ready: paymentTab('PayPal') },
  { name: 'contact', who: 'visitor', path: () => '/contact' },
  { name: 'privacy', who: 'visitor', path: () => '/privacy' },
  { name: 'login', who: 'visitor', path: () => '/login' },
  {
    name: 'login with errors',
    who: 'visitor',
    path: () => '/login',
    ready: async (page) => {
      await heading(page);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  { name: 'register', who: 'visitor', path: () => '/register' },
  { name: 'forgot password', who: 'visitor', path: () => '/forgot-password' },
  { name: 'not found', who: 'visitor', path: () => '/nowhere/at/all' },
  { name: 'my bookings', who: 'guest', path: () => '/my-bookings', ready: articles },
  { name: 'account', who: 'guest', path: () => '/account' },
  { name: 'admin dashboard', who: 'admin', path: () => '/admin' },
  { name: 'admin properties', who: 'admin', path: () => '/admin/properties', ready: articles },
  {
    name: 'admin property dialog',
    who: 'admin',
    path: () => '/admin/properties',
    ready: async (page) => {
      await articles(page);
      await page.getByRole('button', { name: 'Ajouter un logement' }).first().click();
      await page.getByRole('dialog', { name: 'Ajouter un logement' }).waitFor();
    },
  },
  { name: 'admin rooms', who: 'admin', path: () => '/admin/rooms', ready: articles },
  {
    name: 'admin room dialog',
    who: 'admin',
    path: () => '/admin/rooms',
    ready: async (page) => {
      await articles(page);
      await page.getByRole('button', { name: 'Ajouter une chambre' }).first().click();
      await page.getByRole('dialog', { name: 'Ajouter une chambre' }).waitFor();
    },
  },
  {
    name: 'admin bookings',
    who: 'admin',
    path: () => '/admin/bookings',
    ready: async (page) => {
      await heading(page);
      await page.getByTestId('admin-booking').first().waitFor();
    },
  },
  { name: 'admin availability', who: 'admin', path: () => '/admin/availability' },
  { name: 'admin calendar', who: 'admin', path: () => '/admin/calendar' },
  { name: 'admin payment settings', who: 'admin', path: () => '/admin/payment-settings' },
  { name: 'admin account', who: 'admin', path: () => '/admin/account' },
  { name: 'admin whatsapp', who: 'admin', path: () => '/admin/whatsapp' },
  { name: 'admin cancellation policy', who: 'admin', path: () => '/admin/cancellation-policy' },
  { name: 'admin guests', who: 'admin', path: () => '/admin/guests' },
  { name: 'admin business', who: 'admin', path: () => '/admin/business' },
  { name: 'admin reviews', who: 'admin', path: () => '/admin/reviews' },
  { name: 'admin invoices', who: 'admin', path: () => '/admin/invoices' },
  { name: 'admin users', who: 'admin', path: () => '/admin/users' },
  { name: 'admin audit', who: 'admin', path: () => '/admin/audit' },
];

describe.each(WIDTHS)('WCAG 2 A/AA at %s width', (_width, viewport) => {
  it.each(screens.map((screen) => [screen.name, screen] as const))('%s: no axe violation', async (_name, screen) => {
    const { page, context } = await newVisitor(browser, {
      viewport,
      language: 'fr',
      token: screen.who === 'visitor' ? undefined : tokens[screen.who],
    });
    // Transitions finish at once (index.css), so colours are checked as they end, not mid-fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await navigate(page, screen.path());
      await (screen.ready ?? heading)(page);
      const found = await wcagViolations(page);
      if (found) expect.fail(`axe violations on ${screen.path()} (${viewport.width}×${viewport.height}):\n${found}`);
    } finally {
      await context.close();
    }
  });
});
