import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: MockRequest) => MockResponse | unknown;

/** Routes keyed "METHOD /path" (path without /api and without query); `:id` matches one segment. */
export type ApiRoutes = Record<string, Handler>;

const MOCK_RESPONSE_KEYS = ['status', 'body', 'headers'];
const isMockResponse = (value: unknown): value is MockResponse =>
  typeof value === 'object' &&
  value !== null &&
  ('status' in value || 'body' in value) &&
  Object.keys(value).every((key) => MOCK_RESPONSE_KEYS.includes(key));

/**
 * Replaces fetch with a fake API: each call is matched against `routes`; anything unmatched answers 404
 * (and is recorded, so a test can tell). Returns the log of requests.
 */
export function mockApi(routes: ApiRoutes) {
  const requests: MockRequest[] = [];
  const matchers = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const regex = new RegExp(`^${pattern.replace(/:[a-z_]+/g, '[^/]+')}$`);
    return { method, regex, handler };
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
    const match = matchers.find((m) => m.method === method && m.regex.test(path));
    if (!match) return json(404, { detail: `No mock for ${method} ${path}`, code: 'not_found' });
    const result = await match.handler(request);
    if (isMockResponse(result)) return json(result.status ?? 200, result.body, result.headers);
    return json(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
