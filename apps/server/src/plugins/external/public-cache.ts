import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client.ts';
import { encodingFor } from './json-compression.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers that are the same for every visitor and change only with the database: cached (public-cache.ts). */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    publicCacheTicket: { key: string; generation: number } | null;
  }
}

/** The channel the triggers of migration 0005 notify when properties, rooms, bookings or settings change. */
export const PUBLIC_DATA_CHANNEL = 'public_data_changed';
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;
const MAX_ENTRIES = 5000;
/** Headers an answer is made of besides the security headers every answer gets. */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'content-language', 'vary'] as const;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Entry {
  generation: number;
  expiresAt: number;
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * The answers of the public reads (the catalogue, availability, public settings), as sent, compressed included.
 * Any change to the data behind them drops them all: the database notifies every instance on commit, and a
 * write answered by this instance drops them before its answer leaves. An answer computed from data older than the
 * last drop is not kept (the generation it started in has passed). While this instance is not listening to the
 * database, nothing is cached. The time to live only bounds what depends on the clock (a window starting "today").
 * docs/decisions/0011-public-read-cache.md.
 */
export class PublicCache {
  #generation = 0;
  #listening = false;
  #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(private readonly ttlMs: number) {}

  get active(): boolean {
    return this.#listening && this.ttlMs > 0;
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** The data may have changed: every answer kept so far is dropped, and so is any being computed now. */
  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Listening to the database's change notifications (again): what was kept before may have missed some. */
  listening(): void {
    this.invalidate();
    this.#listening = true;
  }

  /** Changes may go unnoticed from now on: stop serving and keeping answers. */
  deaf(): void {
    this.#listening = false;
    this.invalidate();
  }

  lookup(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now && entry.generation === this.#generation) return entry;
    this.#drop(key, entry);
    return undefined;
  }

  store(key: string, generation: number, body: Buffer, headers: Record<string, string>, now: number): void {
    if (!this.active || generation !== this.#generation || body.length > MAX_ENTRY_BYTES) return;
    const previous = this.#entries.get(key);
    if (previous) this.#drop(key, previous);
    // Oldest first (a Map iterates in insertion order).
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes + body.length <= MAX_BYTES && this.#entries.size < MAX_ENTRIES) break;
      this.#drop(oldKey, old);
    }
    this.#entries.set(key, { generation, expiresAt: now + this.ttlMs, body, headers });
    this.#bytes += body.length;
  }

  #drop(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}

/**
 * Serves the routes marked `config: { publicCache: true }` from the cache. Registered after `security` (whose hooks
 * set the security headers and compress JSON), so a cached answer is the compressed bytes with the same headers.
 */
export default fp<{ handle: DatabaseHandle; ttlSeconds: number }>(
  async (app, { handle, ttlSeconds }) => {
    const cache = new PublicCache(ttlSeconds * 1000);
    app.decorate('publicCache', cache);
    app.decorateRequest('publicCacheTicket', null);
    if (ttlSeconds <= 0) return;

    let warned = false;
    const listener = handle.listen(PUBLIC_DATA_CHANNEL, {
      notify: () => cache.invalidate(),
      ready: () => {
        if (warned) app.log.info('public read cache: listening to database changes again');
        warned = false;
        cache.listening();
      },
      lost: (error) => {
        cache.deaf();
        if (!warned) app.log.warn({ err: error }, 'public read cache off: not listening to database changes');
        warned = true;
      },
    });
    await listener.started;
    app.addHook('onClose', () => listener.stop());

    app.addHook('onRequest', (request, reply, done) => {
      const { config } = request.routeOptions;
      if (request.method !== 'GET' || !config.publicCache || !cache.active) return done();
      // An admin's token may add every language's texts (content-language.ts): that answer is nobody else's.
      if (config.adminView && request.headers.authorization) return done();
      // One answer per encoding and per language answered (decision 0023), whatever the URL says.
      const key = `${encodingFor(request.headers['accept-encoding']) ?? 'identity'} ${request.contentLanguage} ${request.url}`;
      const entry = cache.lookup(key, Date.now());
      if (!entry) {
        request.publicCacheTicket = { key, generation: cache.generation };
        return done();
      }
      reply.headers(entry.headers);
      // Answering from an onRequest hook: Fastify runs onSend and sends; `done` must not be called.
      void reply.send(entry.body);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const ticket = request.publicCacheTicket;
      if (ticket) {
        if (reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
          const headers: Record<string, string> = {};
          for (const name of KEPT_HEADERS) {
            const value = reply.getHeader(name);
            if (value !== undefined) headers[name] = String(value);
          }
          cache.store(ticket.key, ticket.generation, Buffer.isBuffer(payload) ? payload : Buffer.from(payload), headers, Date.now());
        }
      } else if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
        // This instance's own writes: dropped before the answer leaves, so the writer's next read sees them.
        cache.invalidate();
      }
      done(null, payload);
    });
  },
  { name: 'public-cache', dependencies: ['security', 'content-language'] },
);
