import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves uploaded photos from disk (`uploadsDir`; null when they are in a bucket: routes/uploads/bucket-photos.ts) and,
 * when it has been built, the web app with a fallback to index.html so that deep links such as /room/<id> load
 * directly. Unknown /api paths answer a JSON 404.
 */
export default fp<{ uploadsDir: string | null; webDist: string }>(
  async (app, { uploadsDir, webDist }) => {
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

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api') && !pathname.startsWith('/uploads/');
      if (hasWeb && wantsPage && !path.extname(pathname)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', path.resolve(webDist));
      }
      return reply.code(404).send({ detail: 'Not found', code: 'not_found' });
    });
  },
  { name: 'web' },
);
