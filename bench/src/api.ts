import { BENCH_PASSWORD } from './dataset.ts';

/** Signs in through the API (as the web app does) and answers the bearer token. */
export async function login(baseUrl: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export interface QueryCount {
  /** SQL statements the call ran (x-query-count), transaction control left out. */
  queries: number;
  /** Rows the answer carried (array length), to set beside the query count. */
  rows: number;
}

/** One call against a server started with BENCH_COUNT_QUERIES: how many statements it ran for how many rows. */
export async function countQueries(baseUrl: string, path: string, init: RequestInit = {}): Promise<QueryCount> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const header = response.headers.get('x-query-count');
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  if (header === null) throw new Error(`${path}: no x-query-count header (is BENCH_COUNT_QUERIES on?)`);
  const rows = Array.isArray(body)
    ? body.length
    : body && typeof body === 'object' && Array.isArray((body as { bookings?: unknown }).bookings)
      ? (body as { bookings: unknown[] }).bookings.length
      : 1;
  return { queries: Number(header), rows };
}

export interface RaceResult {
  clients: number;
  successes: number;
  conflicts: number;
  other: Record<string, number>;
  millis: number;
}

/** 200 signed-in clients ask for the same room and nights at the same moment: exactly one may win. */
export async function bookingRace(baseUrl: string, tokens: string[], stay: { roomId: string; start: string; end: string }): Promise<RaceResult> {
  const body = JSON.stringify({ room_id: stay.roomId, start_date: stay.start, end_date: stay.end, payment_method: 'on_site' });
  const started = performance.now();
  const statuses = await Promise.all(
    tokens.map((token) =>
      fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return String(response.status);
        },
        (error: unknown) => `error: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ),
  );
  const millis = performance.now() - started;
  const other: Record<string, number> = {};
  for (const status of statuses) if (status !== '201' && status !== '409') other[status] = (other[status] ?? 0) + 1;
  return {
    clients: tokens.length,
    successes: statuses.filter((status) => status === '201').length,
    conflicts: statuses.filter((status) => status === '409').length,
    other,
    millis,
  };
}

export interface TwoInstanceRaceResult {
  instances: number;
  clients: number;
  rooms: number;
  requests: number;
  /** 201s per raced room, in the order of the rooms: each must be exactly 1. */
  successesPerRoom: number[];
  conflicts: number;
  other: Record<string, number>;
  millis: number;
  /** Requests answered per second by all instances together. */
  rps: number;
}

/**
 * Every client asks for every raced room's week at once, the requests spread over the instances (PostgreSQL: each
 * instance its own process and connection pool on one database): exactly one may win each room.
 */
export async function bookingRaceTwoInstances(
  baseUrls: string[],
  tokens: string[],
  stays: Array<{ roomId: string; start: string; end: string }>,
): Promise<TwoInstanceRaceResult> {
  const requests = tokens.flatMap((token, client) =>
    stays.map((stay, room) => ({ token, room, baseUrl: baseUrls[(client + room) % baseUrls.length]!, stay })),
  );
  const started = performance.now();
  const outcomes = await Promise.all(
    requests.map(({ token, room, baseUrl, stay }) =>
      fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ room_id: stay.roomId, start_date: stay.start, end_date: stay.end, payment_method: 'on_site' }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return { room, status: String(response.status) };
        },
        (error: unknown) => ({ room, status: `error: ${error instanceof Error ? error.message : String(error)}` }),
      ),
    ),
  );
  const millis = performance.now() - started;
  const other: Record<string, number> = {};
  for (const { status } of outcomes) if (status !== '201' && status !== '409') other[status] = (other[status] ?? 0) + 1;
  return {
    instances: baseUrls.length,
    clients: tokens.length,
    rooms: stays.length,
    requests: requests.length,
    successesPerRoom: stays.map((_, room) => outcomes.filter((outcome) => outcome.room === room && outcome.status === '201').length),
    conflicts: outcomes.filter((outcome) => outcome.status === '409').length,
    other,
    millis,
    rps: requests.length / (millis / 1000),
  };
}
