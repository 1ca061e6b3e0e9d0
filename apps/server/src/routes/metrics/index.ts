import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { notFound, unauthorized } from '../../lib/errors.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * GET /metrics, Prometheus' text format. Without METRICS_TOKEN it does not exist (the same 404 as any unknown path);
 * with it, only `Authorization: Bearer <METRICS_TOKEN>` gets the metrics (compared as SHA-256 digests in constant time,
 * so neither the token's bytes nor its length leak through timing).
 */
const metricsRoute: FastifyPluginAsync<{ token?: string }> = async (app, { token }) => {
  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw notFound('not_found', 'Not found');
    const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics need their bearer token');
    }
    const body = await app.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
  });
};

export default metricsRoute;
