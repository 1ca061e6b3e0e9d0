import { LANGUAGES } from '@roomweek/contract';

/**
 * The sitemap protocol's limit (sitemaps.org): at most 50,000 URLs per sitemap file. Beyond, /sitemap.xml answers a
 * sitemap index of /sitemap-<n>.xml files.
 */
export const MAX_SITEMAP_URLS = 50_000;

/** The pages anyone may find that exist whatever the data (the sign-in pages are crawlable but carry `noindex`; /search
 * without dates lists every room, its filtered variants carry `noindex`). */
export const STATIC_PUBLIC_PATHS = ['/', '/search', '/contact', '/privacy'] as const;

/** What robots are asked not to crawl: signed-in and admin screens, payment returns and the JSON API. */
export const DISALLOWED_PATHS = ['/admin', '/account', '/my-bookings', '/payment-', '/paypal-success', '/api/'] as const;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML content and in attribute values (either quote). */
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** The public pages' paths: the static pages, then each property followed by its rooms (the catalogue's order). */
export function publicPaths(catalogue: readonly { id: string; roomIds: readonly string[] }[]): string[] {
  const paths: string[] = [...STATIC_PUBLIC_PATHS];
  for (const property of catalogue) {
    paths.push(`/property/${encodeURIComponent(property.id)}`);
    for (const roomId of property.roomIds) paths.push(`/room/${encodeURIComponent(roomId)}`);
  }
  return paths;
}

/** Pages per sitemap file: each page is one URL per language. */
export const pagesPerSitemap = (maxUrls: number): number => Math.max(1, Math.floor(maxUrls / LANGUAGES.length));

/** How many sitemap files `pageCount` pages take (at least one, empty or not). */
export const sitemapCount = (pageCount: number, maxUrls: number): number => Math.max(1, Math.ceil(pageCount / pagesPerSitemap(maxUrls)));

/** The `number`th (from 1) sitemap file's pages. */
export function sitemapPart(paths: readonly string[], number: number, maxUrls: number): string[] {
  const size = pagesPerSitemap(maxUrls);
  return paths.slice((number - 1) * size, number * size);
}

/**
 * A `<urlset>` with one `<url>` per page and language: `<loc>` is `<base><path>?lang=<language>`, with the four
 * languages' versions as `hreflang` alternates and the bare path (language negotiated) as `x-default`.
 */
export function renderUrlset(base: string, paths: readonly string[]): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const path of paths) {
    const bare = escapeXml(`${base}${path}`);
    const versions = LANGUAGES.map((language) => [language, escapeXml(`${base}${path}?lang=${language}`)] as const);
    const alternates =
      versions.map(([language, href]) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>\n`).join('') +
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${bare}"/>\n`;
    for (const [, loc] of versions) parts.push(`  <url>\n    <loc>${loc}</loc>\n${alternates}  </url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** A `<sitemapindex>` of /sitemap-1.xml … /sitemap-<count>.xml. */
export function renderSitemapIndex(base: string, count: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
  for (let number = 1; number <= count; number++) parts.push(`  <sitemap>\n    <loc>${escapeXml(`${base}/sitemap-${number}.xml`)}</loc>\n  </sitemap>\n`);
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

/** robots.txt: everything may be crawled but the disallowed paths; where the sitemap is. */
export function renderRobots(base: string): string {
  // A line break in PUBLIC_URL must not add a line of its own to the file.
  const sitemap = `${base.replace(/[\r\n]/g, '')}/sitemap.xml`;
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemap}`, ''].join('\n');
}
