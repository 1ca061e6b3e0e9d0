import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { MAX_SITEMAP_URLS, publicPaths, renderRobots, renderSitemapIndex, renderUrlset, sitemapCount, sitemapPart } from './sitemap.ts';

export interface SeoRoutesOptions {
  /** The site's absolute base, without a trailing slash (config.PUBLIC_URL). */
  publicUrl: string;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests lower it). */
  maxUrls?: number;
}

const XML = 'application/xml; charset=utf-8';
/** /sitemap-<n>.xml: a positive number, no sign, no leading zero. */
const PART_NUMBER = /^[1-9]\d{0,8}$/;

/**
 * GET /sitemap.xml, /sitemap-<n>.xml and /robots.txt (docs/behaviour.md §16). The sitemaps are public reads
 * (served from the public cache and dropped on any catalogue change); the query string is ignored. Registered
 * before the web plugin, whose not-found handler answers the app's index.html for other page paths.
 */
const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { publicUrl, maxUrls = MAX_SITEMAP_URLS }) => {
  const pages = async () => publicPaths(await app.propertiesService.publicIds());
  const cached = { schema: { hide: true }, config: { publicCache: true } };

  app.get('/sitemap.xml', cached, async (_request, reply) => {
    const paths = await pages();
    const count = sitemapCount(paths.length, maxUrls);
    return reply.type(XML).send(count === 1 ? renderUrlset(publicUrl, paths) : renderSitemapIndex(publicUrl, count));
  });

  // Each part of the index; while everything fits in one file, /sitemap-1.xml is that file too.
  app.get<{ Params: { number: string } }>('/sitemap-:number.xml', cached, async (request, reply) => {
    const { number } = request.params;
    if (!PART_NUMBER.test(number)) throw notFound('not_found', 'Not found');
    const paths = await pages();
    if (Number(number) > sitemapCount(paths.length, maxUrls)) throw notFound('not_found', 'Not found');
    return reply.type(XML).send(renderUrlset(publicUrl, sitemapPart(paths, Number(number), maxUrls)));
  });

  const robots = renderRobots(publicUrl);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
};

export default seoRoutes;
