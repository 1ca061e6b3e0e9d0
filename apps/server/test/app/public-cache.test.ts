import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Property } from '@roomweek/contract';
import { PublicCache } from '../../src/plugins/external/public-cache.ts';
import { buildTestApp, createTestDatabase, createProperty, createRoom, loginAdmin, registerUser, siteDate, book, bearer, usePostgres, type TestApp } from '../helper.ts';
import { insertBooking, openSecondHandle } from '../support.ts';

const BROTLI = { 'accept-encoding': 'gzip, deflate, br' };

/** One GET as a browser sends it, with the number of SQL statements it ran (BENCH_COUNT_QUERIES). */
async function read(app: FastifyInstance, url: string) {
  const response = await app.inject({ url, headers: BROTLI });
  const body = response.rawPayload;
  const text = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(body).toString() : body.toString();
  return { response, queries: Number(response.headers['x-query-count']), body, text };
}

const bookedNights = (app: FastifyInstance, roomId: string) =>
  app
    .inject({ url: `/api/rooms/${roomId}/availability?start=${siteDate(1)}&end=${siteDate(60)}` })
    .then((response) => response.json<{ bookings: { start_date: string }[] }>().bookings.map((stay) => stay.start_date));

describe('PublicCache', () => {
  const body = Buffer.from('{"a":1}');
  const cacheListening = (ttlMs = 1000) => {
    const cache = new PublicCache(ttlMs);
    cache.listening();
    return cache;
  };

  it('keeps an answer until its time runs out', () => {
    const cache = cacheListening();
    cache.store('k', cache.generation, body, { 'content-type': 'application/json' }, 0);
    expect(cache.lookup('k', 999)?.body).toBe(body);
    expect(cache.lookup('k', 1000)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('does not keep an answer computed before a change (its generation has passed)', () => {
    const cache = cacheListening();
    const started = cache.generation;
    cache.invalidate();
    cache.store('k', started, body, {}, 0);
    expect(cache.lookup('k', 1)).toBeUndefined();
    cache.store('k', cache.generation, body, {}, 0);
    expect(cache.lookup('k', 1)).toBeDefined();
    cache.invalidate();
    expect(cache.lookup('k', 1)).toBeUndefined();
  });

  it('keeps nothing while it is not listening to the database, nor when its time to live is 0', () => {
    const deaf = new PublicCache(1000);
    deaf.store('k', deaf.generation, body, {}, 0);
    expect(deaf.active).toBe(false);
    expect(deaf.lookup('k', 1)).toBeUndefined();

    const cache = cacheListening();
    cache.store('k', cache.generation, body, {}, 0);
    cache.deaf();
    expect(cache.active).toBe(false);
    expect(cache.lookup('k', 1)).toBeUndefined();

    const off = cacheListening(0);
    off.store('k', off.generation, body, {}, 0);
    expect(off.lookup('k', 0)).toBeUndefined();
  });

  it('stays within its memory: the oldest answers go first, and an answer over 1 MB is not kept', () => {
    const cache = cacheListening();
    const big = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 40; i++) cache.store(`k${i}`, cache.generation, big, {}, 0);
    expect(cache.size.bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    expect(cache.lookup('k0', 1)).toBeUndefined();
    expect(cache.lookup('k39', 1)).toBeDefined();
    cache.store('huge', cache.generation, Buffer.alloc(1024 * 1024 + 1), {}, 0);
    expect(cache.lookup('huge', 1)).toBeUndefined();
  });
});

describe('public read cache', () => {
  let t: TestApp;
  let adminToken: string;
  let property: Property;
  let roomId: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    adminToken = await loginAdmin(t.app);
    property = await createProperty(t.app, adminToken, { name: 'Cached House' });
    // Enough of a list to be sent compressed (1 KB and more).
    for (let i = 0; i < 4; i++) await createProperty(t.app, adminToken, { name: `House ${i}`, description: 'A long description. '.repeat(20) });
    roomId = (await createRoom(t.app, adminToken, property.id)).id;
  });
  afterAll(async () => {
    await t.close();
    await t.database.drop();
  });

  it('answers a repeated read from memory with the same bytes and headers, and no query', async () => {
    const plain = await t.app.inject({ url: '/api/properties' });
    const first = await read(t.app, '/api/properties');
    const second = await read(t.app, '/api/properties');
    expect(first.queries).toBeGreaterThan(0);
    expect(second.queries).toBe(0);
    expect(second.response.statusCode).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    for (const header of ['content-type', 'content-encoding', 'vary', 'content-security-policy', 'referrer-policy', 'x-content-type-options']) {
      expect(second.response.headers[header], header).toBe(first.response.headers[header]);
    }
    expect(second.response.headers['content-encoding']).toBe('br');
    expect(second.text).toBe(plain.body);
    // Each encoding is its own answer.
    const again = await t.app.inject({ url: '/api/properties' });
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(plain.body);
  });

  it('caches every public read, and neither errors nor signed-in calls', async () => {
    for (const url of [
      `/api/properties/${property.id}`,
      `/api/rooms?property_id=${property.id}`,
      `/api/rooms/${roomId}`,
      `/api/rooms/${roomId}/availability`,
      '/api/config',
    ]) {
      await read(t.app, url);
      expect((await read(t.app, url)).queries, url).toBe(0);
    }
    const missing = '/api/properties/00000000-0000-4000-8000-000000000000';
    expect((await read(t.app, missing)).response.statusCode).toBe(404);
    expect((await read(t.app, missing)).queries).toBeGreaterThan(0);
    const mine = await t.app.inject({ url: '/api/bookings', headers: bearer(adminToken) });
    expect(mine.statusCode).toBe(200);
    const mineAgain = await t.app.inject({ url: '/api/bookings', headers: bearer(adminToken) });
    expect(Number(mineAgain.headers['x-query-count'])).toBeGreaterThan(0);
  });

  it("shows the admin's change on the very next read", async () => {
    await read(t.app, `/api/properties/${property.id}`);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${property.id}`,
      headers: bearer(adminToken),
      payload: { name: 'Renamed House', description: property.description, location: property.location, room_count: 2, latitude: 51.05, longitude: 3.72 },
    });
    expect(update.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/properties/${property.id}` });
    expect(after.json<Property>().name).toBe('Renamed House');
  });

  it('shows a new booking in the availability at once', async () => {
    const guest = await registerUser(t.app);
    expect(await bookedNights(t.app, roomId)).not.toContain(siteDate(10));
    const booked = await book(t.app, guest.token, { room_id: roomId, start_date: siteDate(10), end_date: siteDate(17) });
    expect(booked.statusCode).toBe(201);
    expect(await bookedNights(t.app, roomId)).toContain(siteDate(10));
  });

  it('notices a change made straight in the database (a job, another instance, a hand-made fix)', async () => {
    const guest = await registerUser(t.app);
    expect(await bookedNights(t.app, roomId)).not.toContain(siteDate(30));
    await insertBooking(t.app.db, { roomId, userId: guest.user.id, startDate: siteDate(30), endDate: siteDate(37) });
    // PostgreSQL's notification travels on another connection: it arrives within milliseconds, not before the insert returns.
    await expect.poll(() => bookedNights(t.app, roomId), { timeout: 5000, interval: 20 }).toContain(siteDate(30));
  });

  it('serves nothing from memory when PUBLIC_CACHE_SECONDS is 0', async () => {
    const off = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true', PUBLIC_CACHE_SECONDS: '0' }, database: t.database });
    try {
      await read(off.app, '/api/properties');
      expect((await read(off.app, '/api/properties')).queries).toBeGreaterThan(0);
    } finally {
      await off.close();
    }
  });
});

describe.runIf(usePostgres)('public read cache across instances (PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;
  let adminToken: string;
  let roomId: string;

  beforeAll(async () => {
    first = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    second = await buildTestApp({
      env: { BENCH_COUNT_QUERIES: 'true' },
      database: await openSecondHandle(first.database, { countQueries: true }),
    });
    adminToken = await loginAdmin(first.app);
    const property = await createProperty(first.app, adminToken);
    roomId = (await createRoom(first.app, adminToken, property.id)).id;
  });
  afterAll(async () => {
    await second.close();
    await second.database.drop();
    await first.close();
    await first.database.drop();
  });

  it("shows a booking made on one instance in the other's availability", async () => {
    const guest = await registerUser(second.app);
    const url = `/api/rooms/${roomId}/availability?start=${siteDate(1)}&end=${siteDate(60)}`;
    await read(first.app, url);
    expect((await read(first.app, url)).queries).toBe(0);
    const booked = await book(second.app, guest.token, { room_id: roomId, start_date: siteDate(5), end_date: siteDate(12) });
    expect(booked.statusCode).toBe(201);
    const nights = async () => (await read(first.app, url)).text;
    await expect.poll(nights, { timeout: 5000, interval: 20 }).toContain(siteDate(5));
  });

  it('stops caching while its connection to the notifications is lost, and starts again once back', async () => {
    const url = `/api/rooms?property_id=${(await first.app.inject({ url: `/api/rooms/${roomId}` })).json<{ property_id: string }>().property_id}`;
    await read(first.app, url);
    expect((await read(first.app, url)).queries).toBe(0);
    // Both instances' listening connections are cut, as a database restart or a network cut would.
    await first.app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`,
    );
    await expect.poll(() => first.app.publicCache.active, { timeout: 5000, interval: 10 }).toBe(false);
    expect((await read(first.app, url)).queries).toBeGreaterThan(0);
    expect((await read(first.app, url)).queries).toBeGreaterThan(0);
    await expect.poll(() => first.app.publicCache.active, { timeout: 10_000, interval: 50 }).toBe(true);
    await read(first.app, url);
    expect((await read(first.app, url)).queries).toBe(0);
  });
});
