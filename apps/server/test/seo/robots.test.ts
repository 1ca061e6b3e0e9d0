import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { buildTestApp, createProperty, createTestDatabase, loginAdmin, testConfig, useTestApp, type TestApp, type TestDatabase } from '../helper.ts';
import { parseXml, sitemapUrls } from './xml.ts';

describe('GET /robots.txt', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://rooms.example' } });

  it('keeps robots out of the admin, account and payment pages and the API, and says where the sitemap is', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /account',
        'Disallow: /my-bookings',
        'Disallow: /payment-',
        'Disallow: /paypal-success',
        'Disallow: /api/',
        '',
        'Sitemap: https://rooms.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('lets robots reach the public pages, the photos and the sign-in pages (those carry noindex instead)', async () => {
    const disallowed = (await t.app.inject({ url: '/robots.txt' })).body
      .split('\n')
      .filter((line) => line.startsWith('Disallow:'))
      .map((line) => line.slice('Disallow:'.length).trim());
    const blocked = (page: string) => disallowed.some((prefix) => prefix !== '' && page.startsWith(prefix));
    for (const page of ['/', '/property/1', '/room/1', '/contact', '/privacy', '/login', '/register', '/forgot-password', '/uploads/a.webp', '/sitemap.xml']) {
      expect(blocked(page), page).toBe(false);
    }
    for (const page of ['/admin', '/admin/bookings', '/account', '/my-bookings', '/payment-success', '/payment-cancel', '/paypal-success', '/api/properties']) {
      expect(blocked(page), page).toBe(true);
    }
  });

  it('answers HEAD and ignores a query string', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(head.body).toBe('');
    const plain = (await t.app.inject({ url: '/robots.txt' })).body;
    expect((await t.app.inject({ url: '/robots.txt?x=%ZZ&y[]=1' })).body).toBe(plain);
  });
});

describe('a PUBLIC_URL with characters XML must escape', () => {
  // Legal in a URL's path, and the config takes PUBLIC_URL as written.
  const base = `https://rooms.example/a&b'c"d<e>`;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: base } });
    await createProperty(t.app, await loginAdmin(t.app), { name: 'Escaped <House> & "Co"' });
  });
  afterAll(() => t.close());

  it('is escaped in every loc and href, and reads back as written', async () => {
    const { body } = await t.app.inject({ url: '/sitemap.xml' });
    expect(body).toContain('https://rooms.example/a&amp;b&apos;c&quot;d&lt;e&gt;/?lang=fr');
    // Text outside the markup holds no raw `<`, `>`, quote or lone `&`.
    expect(body).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    const urls = sitemapUrls(body);
    expect(urls.length).toBe(5 * 4);
    for (const url of urls) {
      expect(url.loc.startsWith(`${base}/`), url.loc).toBe(true);
      for (const alternate of url.alternates) expect(alternate.href.startsWith(`${base}/`), alternate.href).toBe(true);
    }
    expect(urls.map((url) => url.loc)).toContain(`${base}/?lang=en`);
    expect(urls.flatMap((url) => url.alternates).filter((link) => link.hreflang === 'x-default').map((link) => link.href)).toContain(`${base}/contact`);
  });

  it('names the sitemap in robots.txt as written (a plain-text file)', async () => {
    expect((await t.app.inject({ url: '/robots.txt' })).body).toContain(`\nSitemap: ${base}/sitemap.xml\n`);
  });
});

describe('next to the built web app', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-seo-'));
    const webDist = path.join(dataDir, 'web');
    await mkdir(webDist);
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://rooms.example' }, dataDir), database: database.handle, webDist });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the sitemap and robots.txt, not the app page, while page paths still get the app', async () => {
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(parseXml(sitemap.body).name).toBe('{http://www.sitemaps.org/schemas/sitemap/0.9}urlset');
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.body.startsWith('User-agent: *\n')).toBe(true);
    const page = await app.inject({ url: '/contact?lang=es' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
