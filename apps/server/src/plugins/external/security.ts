import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';

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

/** Security headers (DESIGN §7): a CSP that admits the map tiles and PayPal, and a Referer that tile servers accept. */
export default fp<{ mapTileUrl: string }>(
  async (app, { mapTileUrl }) => {
    const tiles = tileHosts(mapTileUrl);
    await app.register(helmet, {
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
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);
