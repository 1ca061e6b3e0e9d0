import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SearchResponse } from '@roomweek/contract';
import { bearer, book, buildTestApp, createProperty, createRoom, createTestDatabase, loginAdmin, registerUser, siteDate, usePostgres, type TestApp } from '../helper.ts';
import { roomBlocks } from '../../src/db/calendar-schema.ts';
import { openSecondHandle } from '../support.ts';
import { insertImportedEvent } from './search-support.ts';

/** One search as a browser sends it: the rooms found and how many SQL statements answering it ran. */
async function searched(app: FastifyInstance, url: string) {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  return { ids: response.json<SearchResponse>().items.map((item) => item.room_id), queries: Number(response.headers['x-query-count']) };
}

/** The search is a public read: cached, and dropped at once by a booking, a block or a sync (issue 26). */
describe('search answers in the public read cache', () => {
  let t: TestApp;
  let admin: string;
  let roomId: string;
  let url: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    admin = await loginAdmin(t.app);
    const property = await createProperty(t.app, admin);
    roomId = (await createRoom(t.app, admin, property.id)).id;
    url = `/api/search?property_id=${property.id}&start_date=${siteDate(20)}&end_date=${siteDate(27)}`;
  });
  afterAll(() => t.close());

  /** The answer is cached (no query the second time), then `change` drops it: the room is gone from the next answer. */
  async function expectDroppedBy(change: () => Promise<unknown>) {
    expect((await searched(t.app, url)).ids).toEqual([roomId]);
    // On PostgreSQL the notifications of the set-up's own writes may still be arriving: the answer settles in the cache.
    await expect.poll(async () => (await searched(t.app, url)).queries, { timeout: 5000, interval: 20 }).toBe(0);
    expect(await searched(t.app, url)).toEqual({ ids: [roomId], queries: 0 });
    await change();
    await expect.poll(async () => (await searched(t.app, url)).ids, { timeout: 5000, interval: 20 }).toEqual([]);
  }

  it('a block drops it', async () => {
    let blockId = '';
    await expectDroppedBy(async () => {
      const response = await t.app.inject({
        method: 'POST', url: `/api/admin/rooms/${roomId}/blocks`, headers: bearer(admin),
        payload: { start_date: siteDate(22), end_date: siteDate(23) },
      });
      expect(response.statusCode).toBe(201);
      blockId = response.json<{ id: string }>().id;
    });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/rooms/${roomId}/blocks/${blockId}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(204);
  });

  it('an imported event written by a sync (straight into the database) drops it', async () => {
    await expectDroppedBy(() => insertImportedEvent(t.database.handle.db, roomId, siteDate(21), siteDate(24)));
    await t.database.handle.db.delete(roomBlocks).where(eq(roomBlocks.roomId, roomId));
  });
});

describe.runIf(usePostgres)('search answers across instances (PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    second = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await openSecondHandle(first.database, { countQueries: true }) });
  });
  afterAll(async () => {
    await second.close();
    await second.database.drop();
    await first.close();
    await first.database.drop();
  });

  it("drops one instance's cached search when a booking is made through the other", async () => {
    const admin = await loginAdmin(first.app);
    const property = await createProperty(first.app, admin);
    const roomId = (await createRoom(first.app, admin, property.id)).id;
    const url = `/api/search?property_id=${property.id}&start_date=${siteDate(20)}&end_date=${siteDate(27)}`;
    await expect.poll(async () => (await searched(first.app, url)).queries, { timeout: 5000, interval: 20 }).toBe(0);
    expect(await searched(first.app, url)).toEqual({ ids: [roomId], queries: 0 });
    const guest = await registerUser(second.app);
    const booked = await book(second.app, guest.token, { room_id: roomId, start_date: siteDate(22), end_date: siteDate(29) });
    expect(booked.statusCode).toBe(201);
    await expect.poll(async () => (await searched(first.app, url)).ids, { timeout: 5000, interval: 20 }).toEqual([]);
  });
});
