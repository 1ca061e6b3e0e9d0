import type { ApiRoutes, ErrorResponse, RouteBodyInput, RoutePath, RouteReply } from '@roomweek/contract';
import { vi } from 'vitest';

/** Every route of the contract's table, as one union. */
type TableRoute = { [G in keyof ApiRoutes]: ApiRoutes[G][keyof ApiRoutes[G]] }[keyof ApiRoutes];

/** A route's key: "METHOD /path" as the contract declares it, without /api (`PUT /bookings/:id/cancel`). */
export type RouteKey = TableRoute extends infer R ? (R extends RoutePath ? `${R['method']} ${R['path']}` : never) : never;

/** The contract's route with that key. */
export type RouteAt<K extends RouteKey> = TableRoute extends infer R ? (R extends RoutePath ? (`${R['method']} ${R['path']}` extends K ? R : never) : never) : never;

/** The `:name` segments of a declared path (`/ical/:token.ics` names `token`). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? ParamName<Name>
    : never;
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** One request the app sent, as the log keeps it. */
export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** The request a route's handler gets: its path parameters by name, its body as the client sends it. */
export interface RouteRequest<K extends RouteKey> extends MockRequest {
  params: Record<ParamNames<RouteAt<K>['path']>, string>;
  body: [RouteBodyInput<RouteAt<K>>] extends [undefined] ? unknown : RouteBodyInput<RouteAt<K>>;
}

type SuccessStatus = 200 | 201 | 202 | 204;
type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

/** What a handler answers with a status or headers: a 2xx with the route's reply, or an error in the API's `{detail, code}`. */
export type MockResponse<R> =
  | ({ status?: SuccessStatus; headers?: Record<string, string> } & (null extends RouteReply<R> ? { body?: RouteReply<R> } : { body: RouteReply<R> }))
  | { status: ErrorStatus; body?: ErrorResponse; headers?: Record<string, string> };

/** A handler answers the route's reply (200) or a `MockResponse`; a wrong shape does not compile. */
export type RouteHandler<K extends RouteKey> = (
  request: RouteRequest<K>,
) => RouteReply<RouteAt<K>> | MockResponse<RouteAt<K>> | Promise<RouteReply<RouteAt<K>> | MockResponse<RouteAt<K>>>;

/** A fake API: handlers keyed by the contract's routes. */
export type MockRoutes = { [K in RouteKey]?: RouteHandler<K> };

const MOCK_RESPONSE_KEYS = ['status', 'body', 'headers'];
/** A reply made only of these keys is read as a `MockResponse` (no route of the web's answers only `status`). */
const isMockResponse = (value: unknown): value is { status?: number; body?: unknown; headers?: Record<string, string> } =>
  typeof value === 'object' &&
  value !== null &&
  ('status' in value || 'body' in value) &&
  Object.keys(value).every((key) => MOCK_RESPONSE_KEYS.includes(key));

type AnyHandler = (request: MockRequest & { params: Record<string, string> }) => unknown;

/**
 * Replaces fetch with a fake API: each call is matched against `routes`; anything unmatched answers 404
 * (and is recorded, so a test can tell). Returns the log of requests.
 */
export function mockApi(routes: MockRoutes) {
  const requests: MockRequest[] = [];
  const matchers = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const regex = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/:([A-Za-z_]+)/g, '(?<$1>[^/]+?)')}$`);
    return { method, regex, handler: handler as AnyHandler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const rawBody = init?.body;
    const request: MockRequest = {
      method,
      path,
      query: url.searchParams,
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    for (const { method: declared, regex, handler } of matchers) {
      const match = declared === method ? regex.exec(path) : null;
      if (!match) continue;
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
      const result = await handler({ ...request, params });
      if (isMockResponse(result)) return json(result.status ?? 200, result.body, result.headers);
      return json(200, result);
    }
    return json(404, { detail: `No mock for ${method} ${path}`, code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
