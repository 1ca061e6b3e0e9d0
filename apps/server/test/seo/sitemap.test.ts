import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property, Room } from '@roomweek/contract';
import { bearer, buildTestApp, createProperty, createRoom, createTestDatabase, loginAdmin, type TestApp } from '../helper.ts';
import { sitemapUrls, type SitemapUrl } from './xml.ts';

const BASE = 'https://rooms.example';
const LANGUAGES = ['fr', 'es', 'pt', 'en'];

/** The four `?lang=` URLs of a page. */
const localised = (path: string) => LANGUAGES.map((language) => `${BASE}${path}?lang=${language}`);

/** Each page's `<url>`s, checked: one per language, loc among its own alternates, the same five alternates. */
function pagesOf(urls: SitemapUrl[]): Map<string, SitemapUrl[]> {
  const pages = new Map<string, SitemapUrl[]>();
  for (const url of urls) {
    const bare = url.loc.replace(/\?lang=[a-z]+$/, '');
    pages.set(bare, [...(pages.get(bare) ?? []), url]);
  }
  return pages;
}

describe('GET /sitemap.xml', () => {
  let t: TestApp;
  let admin: string;
  let first: Property;
  let second: Property;
  let firstRooms: Room[];
  let secondRoom: Room;
  let archivedRoom: Room;

  const sitemap = async (url = '/sitemap.xml', headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers });
    const text = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString() : response.body;
    return { response, text, queries: Number(response.headers['x-query-count']) };
  };
  const locs = async () => new Set(sitemapUrls((await sitemap()).text).map((url) => url.loc));

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: `${BASE}/`, BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    admin = await loginAdmin(t.app);
    first = await createProperty(t.app, admin, { name: 'First House' });
    second = await createProperty(t.app, admin, { name: 'Second House' });
    firstRooms = [await createRoom(t.app, admin, first.id, { room_number: '1' }), await createRoom(t.app, admin, first.id, { room_number: '2' })];
    secondRoom = await createRoom(t.app, admin, second.id);
    archivedRoom = await createRoom(t.app, admin, second.id);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/rooms/${archivedRoom.id}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(204);
  });
  afterAll(async () => {
    await t.close();
    await t.database.drop();
  });

  it('lists the home, contact and privacy pages, every property and every room, once per language', async () => {
    const { response, text } = await sitemap();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const expected = ['/', '/search', '/contact', '/privacy', `/property/${first.id}`, `/property/${second.id}`, ...firstRooms.map((room) => `/room/${room.id}`), `/room/${secondRoom.id}`];
    const urls = sitemapUrls(text);
    expect(urls.map((url) => url.loc).sort()).toEqual(expected.flatMap(localised).sort());
    // A property comes before its rooms (the catalogue's order).
    const order = urls.map((url) => url.loc);
    expect(order.indexOf(`${BASE}/property/${first.id}?lang=fr`)).toBeLessThan(order.indexOf(`${BASE}/room/${firstRooms[0]!.id}?lang=fr`));
  });

  it('gives each URL the four languages as hreflang alternates and the bare path as x-default', async () => {
    const pages = pagesOf(sitemapUrls((await sitemap()).text));
    expect(pages.size).toBe(9);
    for (const [bare, urls] of pages) {
      const alternates = [...LANGUAGES.map((language) => ({ rel: 'alternate', hreflang: language, href: `${bare}?lang=${language}` })), { rel: 'alternate', hreflang: 'x-default', href: bare }];
      expect(urls.map((url) => url.loc), bare).toEqual(LANGUAGES.map((language) => `${bare}?lang=${language}`));
      for (const url of urls) expect(url.alternates, url.loc).toEqual(alternates);
    }
    expect(pages.get(`${BASE}/`)).toBeDefined();
  });

  it('lists what the public lists list: no archived room, no login, account, admin or payment page', async () => {
    const listed = await locs();
    const properties = (await t.app.inject({ url: '/api/properties' })).json<Property[]>();
    const rooms = (await t.app.inject({ url: '/api/rooms' })).json<Room[]>();
    const pathsListed = new Set([...listed].map((loc) => new URL(loc).pathname));
    expect([...pathsListed].filter((path) => path.startsWith('/property/')).sort()).toEqual(properties.map((property) => `/property/${property.id}`).sort());
    expect([...pathsListed].filter((path) => path.startsWith('/room/')).sort()).toEqual(rooms.map((room) => `/room/${room.id}`).sort());
    expect(pathsListed.has(`/room/${archivedRoom.id}`)).toBe(false);
    for (const path of ['/login', '/register', '/forgot-password', '/admin', '/account', '/my-bookings', '/payment-success', '/paypal-success']) {
      expect(pathsListed.has(path), path).toBe(false);
    }
    expect(new Set([...listed].map((loc) => new URL(loc).origin))).toEqual(new Set([BASE]));
  });

  it('is a public read: a repeated request comes from memory, and a change shows at once', async () => {
    await sitemap();
    const again = await sitemap();
    expect(again.response.statusCode).toBe(200);
    expect(again.queries).toBe(0);

    const third = await createProperty(t.app, admin, { name: 'Third House' });
    const thirdRoom = await createRoom(t.app, admin, third.id);
    let listed = await locs();
    for (const loc of [...localised(`/property/${third.id}`), ...localised(`/room/${thirdRoom.id}`)]) expect(listed.has(loc), loc).toBe(true);

    await sitemap();
    expect((await sitemap()).queries).toBe(0);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/properties/${third.id}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(204);
    listed = await locs();
    for (const loc of [...localised(`/property/${third.id}`), ...localised(`/room/${thirdRoom.id}`)]) expect(listed.has(loc), loc).toBe(false);
    expect(listed.has(`${BASE}/property/${first.id}?lang=fr`)).toBe(true);
  });

  it('answers the same whatever the query string, language or encoding asked', async () => {
    const plain = (await sitemap()).text;
    for (const url of ['/sitemap.xml?lang=es', '/sitemap.xml?page=2&x[]=1&x[]=2', '/sitemap.xml?%ZZ=%', `/sitemap.xml?q=${'x'.repeat(5000)}`, '/sitemap.xml?lang=<script>']) {
      const { response, text } = await sitemap(url);
      expect(response.statusCode, url).toBe(200);
      expect(text, url).toBe(plain);
    }
    const spanish = await sitemap('/sitemap.xml', { 'accept-language': 'es', 'accept-encoding': 'br' });
    expect(spanish.response.headers['content-encoding']).toBe('br');
    expect(spanish.response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(spanish.text).toBe(plain);
  });

  it('is also /sitemap-1.xml while one file holds it all; other numbers are 404', async () => {
    const whole = (await sitemap()).text;
    expect((await sitemap('/sitemap-1.xml')).text).toBe(whole);
    for (const url of ['/sitemap-2.xml', '/sitemap-0.xml', '/sitemap-01.xml', '/sitemap--1.xml', '/sitemap-1e3.xml', '/sitemap-abc.xml', '/sitemap-.xml', `/sitemap-${'9'.repeat(80)}.xml`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    for (const url of ['/sitemap.xml', '/sitemap-1.xml']) {
      const response = await t.app.inject({ method: 'HEAD', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('application/xml; charset=utf-8');
      expect(response.body, url).toBe('');
    }
  });

  it('refuses other methods with a 404, never a 500, even with an admin token or a body', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/sitemap.xml', '/sitemap-1.xml', '/robots.txt']) {
        const response = await t.app.inject({ method, url, headers: bearer(admin), payload: { urlset: 'x'.repeat(10_000) } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'not_found' });
      }
    }
    expect((await sitemap()).response.statusCode).toBe(200);
  });
});
