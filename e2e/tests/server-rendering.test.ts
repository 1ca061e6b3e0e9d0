import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newVisitor } from '../support/browser';

/**
 * docs/behaviour.md §16: the public pages come as HTML that already holds their content, in the visitor's language,
 * with the tags of a search result and a link preview — read here with plain HTTP, no script run — and the browser
 * adopts that HTML without a hydration error or a second read of the page's data.
 */

interface PropertyRead {
  id: string;
  name: string;
  location: string;
  photos: string[];
}
interface RoomRead {
  id: string;
  room_number: string;
  price_per_week: number;
  photos: string[];
  property_name: string;
}

const ZERO_ID = '00000000-0000-4000-8000-000000000000';

async function json<T>(path: string, language: string): Promise<T> {
  const response = await fetch(`${baseURL()}${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function html(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string }> {
  const response = await fetch(`${baseURL()}${path}`, { headers });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}

/** The text of the element React rendered into #root (nothing the app's script added). */
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('<script id="boot-data"'));
const headOf = (page: string) => page.slice(0, page.indexOf('</head>'));
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let property: PropertyRead;
let room: RoomRead;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const [first] = await json<PropertyRead[]>('/api/properties', 'es');
  if (!first) throw new Error('The demo data has no property');
  property = first;
  const rooms = await json<RoomRead[]>(`/api/rooms?property_id=${property.id}`, 'en');
  room = await json<RoomRead>(`/api/rooms/${rooms[0]!.id}`, 'en');
});
afterAll(async () => {
  await browser?.close();
});

describe('the HTML of the public pages', () => {
  it('home: the properties in the language of ?lang=, the first photo fetched first, the tags of a search result', async () => {
    const { status, text, type } = await html('/?lang=es');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(text).toContain('<html lang="es"');
    const root = rootOf(text);
    expect(root).toContain('Tu habitación por semanas, sin complicaciones');
    expect(root).toContain(escaped(property.name));
    expect(root).toMatch(new RegExp(`<img[^>]*src="${property.photos[0]}"[^>]*fetchPriority="high"|<img[^>]*fetchPriority="high"[^>]*src="${property.photos[0]}"`, 'i'));
    expect(root).toMatch(/srcSet="[^"]*-thumb\.webp 480w, [^"]*-medium\.webp 960w, [^"]*\.webp 1920w"/);
    const head = headOf(text);
    expect(head).toContain('<title>RoomWeek · Tu habitación por semanas, sin complicaciones</title>');
    expect(head).toMatch(/<meta name="description" content="[^"]+"/);
    expect(head).toMatch(/<link rel="canonical" href="http[^"]+\/\?lang=es"/);
    for (const language of ['fr', 'es', 'pt', 'en']) expect(head).toMatch(new RegExp(`hrefLang="${language}" href="http[^"]+/\\?lang=${language}"`));
    expect(head).toMatch(/hrefLang="x-default" href="http[^"?]+\/"/);
    // Only one title: the template's own is replaced.
    expect(text.match(/<title>/g)).toHaveLength(1);
  });

  it('property: its name, location and first photo in the asked language, with a link preview', async () => {
    const spanish = await json<PropertyRead>(`/api/properties/${property.id}`, 'pt');
    const { status, text } = await html(`/property/${property.id}?lang=pt`);
    expect(status).toBe(200);
    const root = rootOf(text);
    expect(root).toContain(escaped(spanish.name));
    expect(root).toContain(escaped(spanish.location));
    expect(root).toContain(spanish.photos[0]);
    const head = headOf(text);
    expect(head).toContain(`<meta property="og:title" content="${escaped(spanish.name)} · RoomWeek"/>`);
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="http[^"]+${spanish.photos[0]}"/>`));
    expect(head).toContain('<meta property="og:locale" content="pt_PT"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
  });

  it('room: number, property, weekly price and photo, with the calendar already drawn', async () => {
    const { status, text } = await html(`/room/${room.id}?lang=en`);
    expect(status).toBe(200);
    const root = rootOf(text);
    expect(root).toContain(`Room ${escaped(room.room_number)}`);
    expect(root).toContain(escaped(room.property_name));
    expect(root).toContain(new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(room.price_per_week));
    expect(root).toContain(room.photos[0]);
    // The calendar's day buttons are in the HTML (its data travelled with the page).
    expect(root).toMatch(/<button[^>]*class="[^"]*rdp-day_button/);
    expect(headOf(text)).toContain(`<title>Room ${escaped(room.room_number)} · ${escaped(room.property_name)} · RoomWeek</title>`);
    // The reads the page was rendered with travel with it.
    expect(text).toMatch(/<script id="boot-data" type="application\/json">\{"state":\{/);
  });

  it('the language comes from ?lang=, else the language cookie, else Accept-Language', async () => {
    const byHeader = await html('/contact', { 'accept-language': 'pt-BR,pt;q=0.9' });
    expect(byHeader.text).toContain('<html lang="pt"');
    const byCookie = await html('/contact', { 'accept-language': 'pt', cookie: 'lang=es' });
    expect(byCookie.text).toContain('<html lang="es"');
    const byQuery = await html('/contact?lang=en', { 'accept-language': 'pt', cookie: 'lang=es' });
    expect(byQuery.text).toContain('<html lang="en"');
    // Unknown values are ignored, never an error.
    const odd = await html('/contact?lang=xx', { 'accept-language': 'de', cookie: 'lang=<script>' });
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('<html lang="fr"');
  });

  it('an unknown property, room or page answers a real 404 page, kept out of search results', async () => {
    for (const path of [`/property/${ZERO_ID}`, `/room/${ZERO_ID}`, '/no-such-page', '/property/not-a-uuid']) {
      const { status, text, type } = await html(`${path}?lang=en`);
      expect(status, path).toBe(404);
      expect(type).toMatch(/^text\/html/);
      expect(rootOf(text), path).toMatch(/not found/i);
      expect(headOf(text), path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('hostile addresses get a page or a 404, never a 500, and nothing of them is echoed unescaped', async () => {
    const hostile = [
      '/room/%ZZ',
      '//evil.example/room/1',
      `/property/${'a'.repeat(4000)}`,
      '/property/"><script>alert(1)</script>',
      '/?lang=<script>',
      '/room/1?start=<b>&end=2026-99-99',
      '/%2e%2e/%2e%2e/etc/passwd',
    ];
    for (const path of hostile) {
      const { status, text } = await html(path, { cookie: 'lang=../../x', 'accept-language': '*;q=<>' });
      // A malformed address (`%ZZ`) is Fastify's 400; anything else a page or the 404 page.
      expect([200, 400, 404], path).toContain(status);
      expect(text, path).not.toContain('<script>alert(1)</script>');
      expect(text, path).not.toContain('<b>');
      expect(text, path).not.toContain('evil.example');
    }
  });

  it('signed-in and admin screens answer the app shell, in the visitor language, with no data', async () => {
    for (const path of ['/admin', '/admin/bookings', '/my-bookings', '/account']) {
      const { status, text } = await html(path, { cookie: 'lang=pt' });
      expect(status, path).toBe(200);
      expect(text).toContain('<div id="root"></div>');
      expect(text).toContain('data-language="pt"');
      expect(text).not.toContain('boot-data');
    }
  });

  it('sitemap.xml lists every property and room in the four languages', async () => {
    const { status, text } = await html('/sitemap.xml');
    expect(status).toBe(200);
    const properties = await json<PropertyRead[]>('/api/properties', 'fr');
    expect(text).toContain('/search?lang=pt</loc>');
    for (const each of properties) {
      for (const language of ['fr', 'es', 'pt', 'en']) expect(text).toContain(`/property/${each.id}?lang=${language}</loc>`);
      const rooms = await json<RoomRead[]>(`/api/rooms?property_id=${each.id}`, 'fr');
      for (const eachRoom of rooms) expect(text).toContain(`/room/${eachRoom.id}?lang=fr</loc>`);
    }
  });
});

describe('hydration in Chromium', () => {
  it('each public page is adopted with no hydration error, and its data is not asked for again', async () => {
    const pages = ['/?lang=en', `/property/${property.id}`, `/room/${room.id}?lang=pt`, '/contact', '/login', '/register', '/privacy?lang=es'];
    // Devices 25 hours apart: at any hour, one of them is on another date than the server and the site, so a page
    // that renders the device's clock (a date picker's limit, a year) shows its mismatch whenever the suite runs.
    const visits = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].flatMap((timezoneId) => pages.map((path) => ({ path, timezoneId })));
    for (const { path, timezoneId } of visits) {
      const { page, context } = await newVisitor(browser, { viewport: { width: 390, height: 844 }, timezoneId });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        const text = message.text();
        // Map tiles come from the internet, which the test machine may not reach.
        if (/Failed to load resource/.test(text)) return;
        if (message.type() === 'error' || (message.type() === 'warning' && /hydrat|did not match|server/i.test(text))) {
          problems.push(text);
        }
      });
      const apiReads: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        // The calendar's availability is asked again on purpose (it is never taken as fresh): anything else is not.
        if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('/availability')) apiReads.push(url.pathname);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Hydrated: React has attached its handlers (a button answers) and the page is the server's.
      await page.waitForFunction(() => Object.keys(document.getElementById('root')?.firstElementChild ?? {}).some((key) => key.startsWith('__react')));
      if (path.startsWith('/room/')) {
        // The calendar hydrates when it is wanted: bring it on screen and pick a day. React answers the click once
        // it has adopted the calendar, so the address names the day only after any mismatch was reported.
        await page.locator('#book').evaluate((card) => card.scrollIntoView());
        await page.locator('.rdp-root td:not([data-disabled]):not([data-outside]) button').first().click();
        await page.waitForURL(/[?&]start=\d{4}-\d{2}-\d{2}/);
      }
      expect(problems, `${path} in ${timezoneId}`).toEqual([]);
      expect(apiReads, `${path} in ${timezoneId}`).toEqual([]);
      await context.close();
    }
  });

  it('the page works after hydration: picking a language re-renders it and the address keeps it', async () => {
    const { page, context, errors } = await newVisitor(browser);
    await page.goto(`/property/${property.id}?lang=fr`);
    await page.waitForLoadState('networkidle');
    await page.locator('[role="group"]:has(button[lang="fr"])').getByRole('button', { name: 'English' }).click();
    await page.waitForURL(/lang=en/);
    await page.getByRole('heading', { level: 2, name: 'Rooms' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
