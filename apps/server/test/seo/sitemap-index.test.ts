import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import databaseOutage from '../../src/plugins/external/database-outage.ts';
import errorHandler from '../../src/plugins/external/error-handler.ts';
import seoRoutes from '../../src/routes/seo/index.ts';
import { escapeXml, MAX_SITEMAP_URLS, pagesPerSitemap, publicPaths, renderRobots, sitemapCount } from '../../src/routes/seo/sitemap.ts';
import { sitemapIndexLocs, sitemapUrls } from './xml.ts';

const BASE = 'https://rooms.example';

describe('sitemap building blocks', () => {
  it('escapes the five XML specials, & first', () => {
    expect(escapeXml(`a&b<c>d"e'f&amp;`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f&amp;amp;');
    expect(escapeXml('plain/path?lang=fr')).toBe('plain/path?lang=fr');
  });

  it('keeps within the protocol: 50,000 URLs a file, four per page', () => {
    expect(MAX_SITEMAP_URLS).toBe(50_000);
    expect(pagesPerSitemap(MAX_SITEMAP_URLS)).toBe(12_500);
    expect(sitemapCount(0, MAX_SITEMAP_URLS)).toBe(1);
    expect(sitemapCount(12_500, MAX_SITEMAP_URLS)).toBe(1);
    expect(sitemapCount(12_501, MAX_SITEMAP_URLS)).toBe(2);
    // A limit below one page's four URLs still puts one page in each file.
    expect(pagesPerSitemap(3)).toBe(1);
  });

  it('puts each property before its rooms, and encodes ids', () => {
    expect(publicPaths([{ id: 'p1', roomIds: ['r1', 'r2'] }, { id: 'a/b?c', roomIds: [] }])).toEqual([
      '/',
      '/search',
      '/contact',
      '/privacy',
      '/property/p1',
      '/room/r1',
      '/room/r2',
      '/property/a%2Fb%3Fc',
    ]);
  });

  it('lets no line break of PUBLIC_URL add a robots.txt line', () => {
    const robots = renderRobots('https://rooms.example\nDisallow: /\r');
    expect(robots.split('\n')).not.toContain('Disallow: /');
    expect(robots).toContain('Sitemap: https://rooms.exampleDisallow: //sitemap.xml\n');
  });
});

/** The routes alone on a catalogue held in memory, with a small per-file limit to reach the index. */
async function appWith(catalogue: { id: string; roomIds: string[] }[], maxUrls: number): Promise<FastifyInstance> {
  const app = Fastify();
  // The error handler reports database outages; these routes read no database.
  await app.register(databaseOutage, { ping: async () => undefined });
  await app.register(errorHandler);
  app.decorate('propertiesService', { publicIds: async () => catalogue } as unknown as FastifyInstance['propertiesService']);
  await app.register(seoRoutes, { publicUrl: BASE, maxUrls });
  await app.ready();
  return app;
}

describe('past the per-file limit: a sitemap index', () => {
  // 4 static pages + 3 properties × (1 + 3 rooms) + 1 property without rooms = 17 pages = 68 URLs; 20 URLs a file
  // = 5 pages: 4 files, the last with two pages.
  const catalogue = [...['a', 'b', 'c'].map((p) => ({ id: `p-${p}`, roomIds: [1, 2, 3].map((r) => `r-${p}${r}`) })), { id: 'p-d', roomIds: [] }];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(catalogue, 20);
  });
  afterAll(() => app.close());

  it('answers /sitemap.xml as an index of /sitemap-1.xml … /sitemap-4.xml', async () => {
    const response = await app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemapIndexLocs(response.body)).toEqual([1, 2, 3, 4].map((n) => `${BASE}/sitemap-${n}.xml`));
  });

  it('splits the pages among the files: each page once, all four languages in the same file, none over the limit', async () => {
    const seen: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const response = await app.inject({ url: `/sitemap-${n}.xml` });
      expect(response.statusCode).toBe(200);
      const urls = sitemapUrls(response.body);
      expect(urls.length).toBe(n < 4 ? 20 : 8);
      const pages = new Set(urls.map((url) => url.loc.replace(/\?lang=[a-z]+$/, '')));
      expect(urls.length).toBe(pages.size * 4);
      for (const url of urls) expect(url.alternates.map((link) => link.hreflang)).toEqual(['fr', 'es', 'pt', 'en', 'x-default']);
      seen.push(...pages);
    }
    const expected = publicPaths(catalogue).map((path) => `${BASE}${path}`);
    expect(seen).toEqual(expected);
    expect((await app.inject({ url: '/sitemap-5.xml' })).statusCode).toBe(404);
  });

  it('is one urlset again when the pages fit exactly', async () => {
    const fits = await appWith([{ id: 'p', roomIds: [] }], 20);
    try {
      const body = (await fits.inject({ url: '/sitemap.xml' })).body;
      expect(sitemapUrls(body).length).toBe(20);
      expect((await fits.inject({ url: '/sitemap-2.xml' })).statusCode).toBe(404);
    } finally {
      await fits.close();
    }
  });
});
