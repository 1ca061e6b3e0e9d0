/**
 * How the web app reaches the API: the transport (the browser's fetch, or the server's own routes while rendering),
 * the session header, errors as ApiError, and `call`, typed from the contract's route table. The calls themselves are
 * in api-client.ts.
 */
import {
  API_PREFIX,
  paths,
  type ApiRoutes,
  type ErrorResponse,
  type Language,
  type RouteBodyInput,
  type RouteParamsInput,
  type RoutePath,
  type RouteQueryInput,
  type RouteRef,
  type RouteRefs,
  type RouteReply,
} from '@roomweek/contract';
import type { z } from 'zod';
import i18n, { loadErrorTexts } from './i18n';

export const API_BASE = API_PREFIX;
export const TOKEN_KEY = 'token';

/** A non-2xx answer of the API: `code` is the stable error code, `detail` the server's human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly field: string | undefined;

  constructor(status: number, body: Partial<ErrorResponse>) {
    super(body.detail || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? 'unknown';
    this.detail = body.detail ?? '';
    this.field = body.field;
  }
}

/**
 * How the client reaches the API: the browser's `fetch`; on the server, which renders the public pages with the
 * same code (docs/behaviour.md §16), a fetch that hands the request to the server's own routes.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(next: typeof fetch) {
  transport = next;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * The contract's route table as the browser holds it: the paths at run time, the zod schemas only as types, so
 * the first page's bundle carries no zod.
 */
export const routes: RouteRefs<ApiRoutes> = paths;

/** The request headers route R declares (`undefined` where it declares none), as its schema accepts them. */
type RouteHeadersInput<R> = R extends { readonly headers: infer S extends z.ZodType } ? z.input<S> : undefined;

/**
 * What a call of route R sends: its path params, query, body and declared headers as the contract's schemas accept
 * them; a body the route declares optional may be left out.
 */
type CallInput<R> = ([RouteParamsInput<R>] extends [undefined] ? { params?: never } : { params: RouteParamsInput<R> }) &
  ([RouteQueryInput<R>] extends [undefined]
    ? { query?: never }
    : object extends RouteQueryInput<R>
      ? { query?: RouteQueryInput<R> }
      : { query: RouteQueryInput<R> }) &
  (R extends { consumes: readonly ['multipart/form-data'] }
    ? { body: FormData }
    : [RouteBodyInput<R>] extends [undefined]
      ? { body?: never }
      : undefined extends RouteBodyInput<R>
        ? { body?: RouteBodyInput<R> }
        : { body: RouteBodyInput<R> }) &
  ([RouteHeadersInput<R>] extends [undefined] ? { headers?: never } : { headers?: RouteHeadersInput<R> }) & {
    signal?: AbortSignal | undefined;
    /** Send no session even when signed in: a public read then gets the answer everyone gets. */
    anonymous?: boolean;
  };

/** The input may be left out when the route needs none. */
type CallArgs<R> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

interface SentInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
  signal?: AbortSignal | undefined;
  anonymous?: boolean;
}

async function readError(response: Response): Promise<ApiError> {
  let body: Partial<ErrorResponse> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Partial<ErrorResponse>;
  } catch {
    // Not JSON (a proxy error page, for instance): the status alone tells the story.
  }
  // Whoever catches it shows `errors.<code>`: the texts are there before it is thrown (they are not in the app's chunk).
  await loadErrorTexts();
  return new ApiError(response.status, body);
}

/** The declared path with its `:name` segments filled in, each URI-encoded. */
function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function send(route: RoutePath, { params, query, body, headers: declared = {}, signal, anonymous = false }: SentInput): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'fr',
  };
  // The route's own headers (an Idempotency-Key); one left undefined is not sent.
  for (const [name, value] of Object.entries(declared)) if (typeof value === 'string') headers[name] = value;
  const token = anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = `${API_BASE}${fillPath(route.path, params)}${queryString(query)}`;
  const response = await transport(url, { method: route.method, headers, body: payload, signal: signal ?? null });
  if (!response.ok) throw await readError(response);
  return response;
}

/** The answer's JSON; `null` for an empty answer (204). */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** One call of the API, typed from the contract: what it sends is checked, what it answers is the 2xx schema's type. */
export async function call<R extends RoutePath>(route: RouteRef<R>, ...[input]: CallArgs<R>): Promise<RouteReply<R>> {
  return (await readBody(await send(route, (input ?? {}) as SentInput))) as RouteReply<R>;
}

/** One page of a list and how many items match in all (`X-Total-Count`). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

type Item<R> = RouteReply<R> extends (infer T)[] ? T : never;

/** `call`, for the paged lists that answer their total in a header. */
export async function callPage<R extends RoutePath>(route: RouteRef<R>, ...[input]: CallArgs<R>): Promise<ListPage<Item<R>>> {
  const response = await send(route, (input ?? {}) as SentInput);
  const items = (await readBody(response)) as Item<R>[];
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  // Without the header (a proxy that dropped it), the page is all we know of.
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length };
}

/** A file the API answers (Content-Disposition: attachment): its bytes and the name the server gives it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** `call`, for the answers meant to be saved as a file (a data export): the bytes as they came, and their name. */
export async function download<R extends RoutePath>(route: RouteRef<R>, fallbackName: string, ...[input]: CallArgs<R>): Promise<DownloadedFile> {
  const response = await send(route, (input ?? {}) as SentInput);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: named ?? fallbackName };
}

/**
 * How a read of content (a property's texts, a room's amenities) is asked (docs/behaviour.md §15): `language` is sent
 * as `?lang=` (else the server goes by Accept-Language); `admin` sends the session, for every language's texts as
 * written. Without it no session is sent, so the server may answer from the cache every visitor shares.
 */
export interface ContentRead {
  language?: Language;
  admin?: boolean;
  signal?: AbortSignal;
}

export const contentRead = ({ language, admin = false, signal }: ContentRead) => ({ query: { lang: language }, anonymous: !admin, signal });
