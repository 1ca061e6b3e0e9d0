import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Language } from '@roomweek/contract';
import { pageLanguage } from '../../lib/language.ts';
import { WebPages } from './web-pages.ts';

/**
 * Serves uploaded photos from disk (`uploadsDir`; null when they are in a bucket: routes/uploads/bucket-photos.ts) and,
 * when it has been built, the web app: its files, and every page path (deep links such as /room/<id>) answered by
 * web-pages.ts — the public pages rendered on the server, the others as the app's shell. Unknown /api paths answer a
 * JSON 404.
 */
export default fp<{ uploadsDir: string | null; webDist: string; defaultLanguage: Language }>(
  async (app, { uploadsDir, webDist, defaultLanguage }) => {
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

    app.setNotFoundHandler(async (request, reply) => {
      const [rawPath = '/', query] = request.url.split('?');
      // `//host/x` is a path here, not another host: one leading slash.
      const pathname = rawPath.replace(/^\/+/, '/');
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api') && !pathname.startsWith('/uploads/');
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
