import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import compress from '@fastify/compress';
import jsonCompression from './json-compression.ts';

const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

function tileHosts(tileUrl: string): string[] {
  try {
    const url = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'));
    const host = url.host.replace(/^[a-c]\./, '*.');
    return [`${url.protocol}//${host}`, `${url.protocol}//${url.host.replace(/^[a-c]\./, '')}`];
  } catch {
    return [];
  }
}

/**
 * Helmet's headers for these options, computed once: without CSP nonces they are the same for every answer, while
 * @fastify/helmet builds helmet anew on each request (its directive parsing showed in the bench's CPU profile).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Security headers (docs/design-notes.md#security-headers): a CSP that admits the map tiles and PayPal, and a Referer that tile servers accept. */
export default fp<{ mapTileUrl: string }>(
  async (app, { mapTileUrl }) => {
    const tiles = tileHosts(mapTileUrl);
    const headers = securityHeaders({
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...PAYPAL_HOSTS],
          styleSrc: ["'self'", "'unsafe-inline'", ...PAYPAL_HOSTS],
          imgSrc: ["'self'", 'data:', 'blob:', ...tiles, ...PAYPAL_HOSTS],
          connectSrc: ["'self'", ...PAYPAL_HOSTS],
          frameSrc: ["'self'", ...PAYPAL_HOSTS],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...PAYPAL_HOSTS],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    await app.register(jsonCompression);
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);
