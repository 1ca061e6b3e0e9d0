import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDate, usePostgres } from '../helper.ts';
import { OwnPostgres } from '../own-postgres.ts';
import { startServerProcess, type ServerProcess } from '../processes.ts';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown> & { code?: string };
}

async function call(server: ServerProcess, method: string, url: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(10_000),
  }).catch(async (error: unknown) => {
    const state = await Promise.race([server.exited.then((code) => `exited with ${code}`), new Promise<string>((resolve) => setTimeout(() => resolve('running'), 500))]);
    const tail = server.log.slice(-8).map((line) => JSON.stringify(line).slice(0, 300));
    throw new Error(`${method} ${url}: ${error instanceof Error ? `${error.message} (${String((error.cause as Error | undefined)?.message)})` : String(error)}; the server is ${state}\n${tail.join('\n')}`);
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

async function ok(answer: Promise<Answer>, status = 200): Promise<Answer['body']> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

/** Polls `probe` every 100 ms until it answers something, for at most `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ready = (server: ServerProcess) => until(`${server.url} to be ready`, async () => ((await call(server, 'GET', '/api/ready')).status === 200 ? true : undefined), 30_000);
const linesSince = (server: ServerProcess, from: number, pattern: RegExp) => server.log.slice(from).filter((line) => typeof line.msg === 'string' && pattern.test(line.msg));

describe.runIf(usePostgres)('two instances on a PostgreSQL of their own that restarts and stops', () => {
  let pg: OwnPostgres | undefined;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let one: ServerProcess;
  let two: ServerProcess;
  let admin: string;
  let roomId: string;
  let nextWeek = 10;

  /** A week's on-site booking of the room through `server`, each a week after the last. */
  const bookThrough = (server: ServerProcess) => {
    const start = nextWeek;
    nextWeek += 7;
    return call(server, 'POST', '/api/bookings', {
      token: admin,
      body: { room_id: roomId, start_date: siteDate(start), end_date: siteDate(start + 7), payment_method: 'on_site' },
    });
  };

  beforeAll(async () => {
    pg = await OwnPostgres.start();
    const shared = {
      DATABASE_URL: pg.url,
      JWT_SECRET: 'postgres-outage-shared-jwt-secret-0123456789',
      SETTINGS_KEY: 'postgres-outage-shared-settings-key-0123456789',
      JOBS: 'true',
      JOB_INTERVAL_MS: '250',
      PUBLIC_CACHE_SECONDS: '30',
      ON_SITE_REQUIRES_VERIFIED_EMAIL: 'false',
    };
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(path.join(os.tmpdir(), `roomweek-outage-${i}-`)));
    // One after the other: the first migrates the new database.
    for (const dataDir of dataDirs) servers.push(await startServerProcess({ ...shared, DATA_DIR: dataDir }, 120_000));
    [one, two] = [servers[0]!, servers[1]!];
    admin = String((await ok(call(one, 'POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password-for-tests' } }))).token);
    const property = await ok(call(one, 'POST', '/api/properties', { token: admin, body: { name: 'Outage', description: 'd', location: 'Gent', room_count: 1 } }), 201);
    roomId = String((await ok(call(two, 'POST', '/api/rooms', { token: admin, body: { property_id: property.id, room_number: 'O1', price_per_week: 300 } }), 201)).id);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 20_000))]).then(() => server.kill())));
    await pg?.destroy();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('PostgreSQL restarted: both ready again, a booking through each, a change on one in the other’s cached read within a second', async () => {
    const marks = servers.map((server) => server.log.length);
    await pg!.restart();
    await Promise.all(servers.map(ready));
    // Both re-subscribed to the cache's channel (db/listener.ts reconnects on its own).
    await Promise.all(
      servers.map((server, i) =>
        until('the cache listening again', async () => (linesSince(server, marks[i]!, /^public read cache: listening to database changes again/).length > 0 ? true : undefined), 30_000),
      ),
    );
    expect((await bookThrough(one)).status).toBe(201);
    expect((await bookThrough(two)).status).toBe(201);

    const fields = { description: 'Cached', location: 'Gent', room_count: 1 };
    const property = await ok(call(one, 'POST', '/api/properties', { token: admin, body: { name: 'Before', ...fields } }), 201);
    const read = () => call(two, 'GET', `/api/properties/${String(property.id)}`);
    expect((await ok(read())).name).toBe('Before');
    expect((await ok(read())).name).toBe('Before'); // from two's memory now
    await ok(call(one, 'PUT', `/api/properties/${String(property.id)}`, { token: admin, body: { name: 'After', ...fields } }));
    await until('the other instance to answer the change', async () => ((await ok(read())).name === 'After' ? true : undefined), 1000);
  }, 180_000);

  it('PostgreSQL stopped for 5 s: 503 database_unavailable with Retry-After, one log line each way, then back', async () => {
    // An outage an instance met during the restart before (a job's connection refused) ends with its probe's next
    // tick: wait for it, so that the lines counted below are this outage's alone.
    const openOutage = (server: ServerProcess) =>
      linesSince(server, 0, /^database unavailable/).length > linesSince(server, 0, /^database available again/).length;
    await Promise.all(servers.map((server) => until('the last outage to be over', async () => (openOutage(server) ? undefined : true), 10_000)));
    const marks = servers.map((server) => server.log.length);
    await pg!.stopServer();
    const stoppedAt = Date.now();
    for (const server of servers) {
      for (const answer of [
        await call(server, 'GET', '/api/auth/me', { token: admin }),
        await bookThrough(server),
        await call(server, 'GET', '/api/bookings', { token: admin }),
        await call(server, 'GET', '/api/health'),
      ]) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body).toMatchObject({ code: 'database_unavailable' });
        expect(answer.retryAfter).toBe('5');
        expect(JSON.stringify(answer.body)).not.toMatch(/ECONNREFUSED|connect|127\.0\.0\.1/);
      }
    }
    // Jobs tick every 250 ms meanwhile: still one line about the outage per instance.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5_000 - (Date.now() - stoppedAt))));
    await pg!.startServer();
    const startedAt = Date.now();
    await Promise.all(servers.map(ready));
    await Promise.all(
      servers.map((server, i) => until('the recovery to be logged', async () => (linesSince(server, marks[i]!, /^database available again/).length > 0 ? true : undefined), 10_000)),
    );
    for (const [i, server] of servers.entries()) {
      const outage = linesSince(server, marks[i]!, /^database (unavailable|available again)/);
      expect(linesSince(server, marks[i]!, /^database unavailable/), JSON.stringify({ stoppedAt, startedAt, outage })).toHaveLength(1);
      expect(linesSince(server, marks[i]!, /^database available again/)).toHaveLength(1);
      expect(linesSince(server, marks[i]!, /^(job failed|request failed)$/)).toEqual([]);
    }
    expect((await bookThrough(one)).status).toBe(201);
    expect((await bookThrough(two)).status).toBe(201);
    expect((await ok(call(two, 'GET', '/api/auth/me', { token: admin }))).role).toBe('admin');
    const mine = (await ok(call(one, 'GET', '/api/bookings', { token: admin }))) as unknown;
    expect(Array.isArray(mine) ? mine.length : -1).toBe(4);
  }, 180_000);
});
