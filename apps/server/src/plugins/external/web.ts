import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Language } from '@roomweek/contract';
import { pageLanguage } from '../../lib/language.ts';
import { WebPages } from './web-pages.ts';

/**
 * Serves uploaded photos from disk (`uploadsDir`; null when they are in a bucket: routes/uploads/bucket-photos.ts) and,
 * when it has been built, the web app: its files, and every page path (deep links such as /room/<id>) answered by
 * web-pages.ts — the public pages rendered on the server, the others as the app's shell. Unknown /api paths answer a
 * JSON 404. A photo file missing from disk is first offered to `missingPhoto` (a medium size made on demand).
 */
export default fp<{
  uploadsDir: string | null;
  webDist: string;
  defaultLanguage: Language;
  /** Answers a request for `/uploads/<name>` that is not on disk (true), or leaves it to the 404 (false). */
  missingPhoto?: (name: string, reply: FastifyReply) => Promise<boolean>;
}>(
  async (app, { uploadsDir, webDist, defaultLanguage, missingPhoto }) => {
    if (uploadsDir) {
      await app.register(fastifyStatic, {
        root: path.resolve(uploadsDir),
        prefix: '/uploads/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
      });
    }

    const hasWeb = existsSync(path.join(webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: path.resolve(webDist),
        prefix: '/',
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders(res, filePath) {
          // Hashed assets never change; everything else is revalidated.
          res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    const pages = hasWeb ? await WebPages.load(app, webDist) : null;
    if (pages) {
      app.addHook('onListen', async () => {
        // In the background: the server answers meanwhile (a request for a page not yet warm renders it itself).
        void pages
          .warm(defaultLanguage, app.log)
          .then((urls) => app.log.debug({ urls }, 'pages warmed up'))
          .catch((error: unknown) => app.log.warn({ err: error }, 'warming the pages up failed'));
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const [rawPath = '/', query] = request.url.split('?');
      // `//host/x` is a path here, not another host: one leading slash.
      const pathname = rawPath.replace(/^\/+/, '/');
      const reading = request.method === 'GET' || request.method === 'HEAD';
      if (uploadsDir && missingPhoto && reading && pathname.startsWith('/uploads/')) {
        // The raw path: an encoded slash or dot never matches a photo's name.
        if (await missingPhoto(pathname.slice('/uploads/'.length), reply)) return reply;
      }
      const wantsPage = reading && !pathname.startsWith('/api') && !pathname.startsWith('/uploads/');
      if (pages && wantsPage && !path.extname(pathname)) {
        const language = pageLanguage(request, defaultLanguage);
        const page = await pages.page(query === undefined ? pathname : `${pathname}?${query}`, language, request.log);
        return reply
          .code(page.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Language, Cookie')
          .header('content-language', language)
          .send(page.html);
      }
      return reply.code(404).send({ detail: 'Not found', code: 'not_found' });
    });
  },
  { name: 'web' },
);
