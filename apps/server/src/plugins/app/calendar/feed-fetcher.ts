import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress, isRefusedUrl } from './address-policy.ts';

/** Why a feed could not be read: stored as the calendar's `last_error` (docs/behaviour.md §14), translated on screen. */
export type FeedFailure =
  | 'address_refused'
  | 'timeout'
  | 'too_large'
  | 'network'
  | 'http_error'
  | 'unparsable'
  | 'too_many_events'
  | 'over_budget';

export class FeedError extends Error {
  constructor(
    readonly failure: FeedFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FeedError';
  }

  /** `http_error:503`, `timeout`…: what the admin sees (translated by the code before the colon). */
  get code(): string {
    return this.status ? `${this.failure}:${this.status}` : this.failure;
  }
}

export type FeedAnswer =
  | { kind: 'not_modified' }
  | { kind: 'feed'; text: string; etag: string | null; lastModified: string | null };

export interface FeedFetcherOptions {
  /** ICAL_ALLOW_PRIVATE: let feeds come from private, loopback and link-local addresses (tests). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** How names are resolved (tests hand in a resolver of their own); dns.lookup by default. */
  resolve?: typeof dnsLookup;
}

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const USER_AGENT = 'Roomweek calendar sync (+iCal)';

/**
 * Fetches an imported feed: http(s) only, a conditional GET (ETag / Last-Modified), at most `timeoutMs` in all
 * (redirects included) and `maxBytes` read while streaming. Unless allowed, every address a name resolves to is checked
 * in the very lookup the connection uses, so a name cannot resolve to a public address when checked and to a private one
 * when connected (no DNS-rebinding window); literal addresses are checked before connecting.
 */
export class FeedFetcher {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly lookup: LookupFunction;

  constructor(private readonly options: FeedFetcherOptions) {
    this.timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
    this.maxRedirects = options.maxRedirects ?? 3;
    this.lookup = guardedLookup(options.allowPrivate, options.resolve ?? dnsLookup);
  }

  async fetch(url: string, validators: { etag?: string | null; lastModified?: string | null } = {}): Promise<FeedAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let current = url;
      for (let hop = 0; ; hop++) {
        if (isRefusedUrl(current, this.options.allowPrivate)) throw new FeedError('address_refused', 'This address may not be fetched');
        const response = await this.request(current, validators, controller.signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if ([301, 302, 303, 307, 308].includes(status) && location && hop < this.maxRedirects) {
          response.resume();
          current = new URL(location, current).toString();
          continue;
        }
        if (status === 304) {
          response.resume();
          return { kind: 'not_modified' };
        }
        if (status !== 200) {
          response.resume();
          throw new FeedError('http_error', `The feed answered HTTP ${status}`, status);
        }
        const text = await this.readBody(response, controller.signal);
        const header = (name: string) => {
          const value = response.headers[name];
          return typeof value === 'string' && value.length <= 500 ? value : null;
        };
        return { kind: 'feed', text, etag: header('etag'), lastModified: header('last-modified') };
      }
    } catch (error) {
      if (controller.signal.aborted) throw new FeedError('timeout', `No complete answer within ${this.timeoutMs / 1000} s`);
      if (error instanceof FeedError) throw error;
      if ((error as { code?: unknown }).code === 'ERR_ADDRESS_REFUSED') throw new FeedError('address_refused', 'This address may not be fetched');
      throw new FeedError('network', 'The feed could not be reached');
    } finally {
      clearTimeout(timer);
    }
  }

  private request(url: string, validators: { etag?: string | null; lastModified?: string | null }, signal: AbortSignal): Promise<IncomingMessage> {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': USER_AGENT };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    return new Promise((resolve, reject) => {
      const request = client.get(target, { headers, lookup: this.lookup, signal, agent: false }, resolve);
      request.on('error', reject);
    });
  }

  /** The body as UTF-8 text, refused past `maxBytes` (announced or counted as it streams). */
  private async readBody(response: IncomingMessage, signal: AbortSignal): Promise<string> {
    const announced = Number(response.headers['content-length']);
    if (Number.isFinite(announced) && announced > this.maxBytes) {
      response.destroy();
      throw new FeedError('too_large', `The feed is larger than ${this.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of response) {
      if (signal.aborted) break;
      bytes += (chunk as Buffer).length;
      if (bytes > this.maxBytes) {
        response.destroy();
        throw new FeedError('too_large', `The feed is larger than ${this.maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    if (signal.aborted) throw new FeedError('timeout', `No complete answer within ${this.timeoutMs / 1000} s`);
    return Buffer.concat(chunks).toString('utf8');
  }
}

/** A lookup that refuses a name any of whose addresses is forbidden; the connection uses the addresses it checked. */
function guardedLookup(allowPrivate: boolean, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate && (addresses.length === 0 || addresses.some((entry) => isForbiddenAddress(entry.address)))) {
        const refused = Object.assign(new Error(`${hostname} resolves to an address that may not be fetched`), { code: 'ERR_ADDRESS_REFUSED' });
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
