import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

type Encoding = 'br' | 'gzip';

/** Below this an answer goes out as it is (as @fastify/compress's threshold). */
const THRESHOLD = 1024;
/** Brotli quality 2 is as small as 4 on our JSON (about 1% apart) at half the CPU; level 11 is for build time. */
const BROTLI_QUALITY = 2;
/**
 * Up to this size the answer is compressed in place (a fraction of a millisecond); a thread-pool round trip cost
 * more than that under load. Bigger answers (the admin's full list) go to the thread pool in large chunks.
 */
const SYNC_LIMIT = 256 * 1024;
const ASYNC_CHUNK = 1024 * 1024;

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q > 0); otherwise none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const weight = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const known = new Map<string, Encoding | null>();
export function encodingFor(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let encoding = known.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = chooseEncoding(acceptEncoding) ?? null;
    if (known.size < 256) known.set(acceptEncoding, encoding);
  }
  return encoding ?? undefined;
}

/** A window no larger than the answer: the same output, less memory to set up for each small answer. */
const brotliOptions = (bytes: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(10, Math.ceil(Math.log2(bytes)))),
  },
});

function markCompressed(reply: FastifyReply, encoding: Encoding) {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses JSON answers (string payloads) in one zlib call. @fastify/compress stays for files and streams; for a
 * few KB of JSON its stream pipeline cost more CPU than the compression itself.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' || payload.length < THRESHOLD || reply.hasHeader('content-encoding')) return done(null, payload);
      const encoding = encodingFor(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      const bytes = Buffer.byteLength(payload);
      if (bytes <= SYNC_LIMIT) {
        let body: Buffer;
        try {
          body = encoding === 'br' ? brotliCompressSync(payload, brotliOptions(bytes)) : gzipSync(payload);
        } catch (error) {
          return done(error as Error);
        }
        markCompressed(reply, encoding);
        return done(null, body);
      }
      const compressed = (error: Error | null, body: Buffer) => {
        if (error) return done(error);
        markCompressed(reply, encoding);
        done(null, body);
      };
      if (encoding === 'br') brotliCompress(payload, { ...brotliOptions(bytes), chunkSize: ASYNC_CHUNK }, compressed);
      else gzip(payload, { chunkSize: ASYNC_CHUNK }, compressed);
    });
  },
  { name: 'json-compression' },
);
