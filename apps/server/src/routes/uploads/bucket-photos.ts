import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { PHOTO_CACHE_CONTROL } from '../../plugins/app/uploads/photo-store.ts';
import type { S3PhotoStore } from '../../plugins/app/uploads/s3-photo-store.ts';
import { pictureOfMedium, STORED_FILE } from '../../plugins/app/uploads/uploads-service.ts';
import { answerMissingMedium } from './missing-medium.ts';

/** How long a browser or proxy may keep the redirect to S3_PUBLIC_URL (the photo behind it never changes). */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/**
 * GET /uploads/<name> when photos are in a bucket (UPLOADS=s3), so every instance serves every photo and the URLs kept
 * in the database stay the same as on disk: a redirect to S3_PUBLIC_URL (a CDN or public bucket) when it is set,
 * otherwise the object streamed from the bucket with the same year-long immutable cache header as the disk's. Only
 * names the site gives its photos are looked up: anything else is a 404 before the bucket is asked. A medium size that
 * is missing (a photo stored before they existed) is made from its picture (missing-medium.ts), checked before the
 * redirect too.
 */
const bucketPhotos: FastifyPluginAsync<{ store: S3PhotoStore; publicUrl?: string }> = async (app, { store, publicUrl }) => {
  app.get('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!STORED_FILE.test(name)) throw notFound('not_found', 'Not found');
    const missing = async () => {
      if (await answerMissingMedium(app.uploadsService, name, reply)) return reply;
      throw notFound('not_found', 'Not found');
    };
    if (publicUrl) {
      if (pictureOfMedium(name) && !(await store.exists(name))) return missing();
      return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(`${publicUrl}/uploads/${name}`, 302);
    }

    const ifNoneMatch = request.headers['if-none-match'];
    const photo = await store.read(name, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
    if (photo.status === 404) return missing();
    reply.header('cache-control', PHOTO_CACHE_CONTROL);
    if (photo.etag) reply.header('etag', photo.etag);
    if (photo.status === 304) return reply.code(304).send();
    reply.type('image/webp');
    if (photo.length !== undefined) reply.header('content-length', photo.length);
    if (photo.lastModified) reply.header('last-modified', photo.lastModified.toUTCString());
    return reply.send(photo.body);
  });
};

export default bucketPhotos;
