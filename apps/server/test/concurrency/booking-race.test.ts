import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Room } from '@roomweek/contract';
import { bookings } from '../../src/db/schema.ts';
import {
  book,
  buildTestApp,
  createProperty,
  createRoom,
  createTestDatabase,
  loginAdmin,
  registerUser,
  siteDate,
  usePostgres,
  type TestApp,
  type TestDatabase,
} from '../helper.ts';
import { sqlState } from '../../src/lib/errors.ts';
import { openSecondHandle } from '../support.ts';

const GUESTS = 50;
/**
 * Raw inserts that clash on an exclusion constraint may deadlock, and PostgreSQL needs `deadlock_timeout` (1 s by
 * default) to find each deadlock, one after another: 50 of them once took 48 s. A dozen proves the same point.
 */
const RAW_INSERTS = 12;
/** Two instances of one deployment share their signing keys; each has its own connection pool. */
const SHARED_ENV = { LOG_LEVEL: 'error', JWT_SECRET: 'race-test-shared-jwt-secret-0123456789', SETTINGS_KEY: 'race-test-shared-settings-key-0123456789' };

interface Tally {
  created: number;
  conflicts: number;
  other: string[];
}

function tally(responses: LightMyRequestResponse[]): Tally {
  const result: Tally = { created: 0, conflicts: 0, other: [] };
  for (const response of responses) {
    if (response.statusCode === 201) result.created++;
    else if (response.statusCode === 409 && response.json<{ code: string }>().code === 'room_unavailable') result.conflicts++;
    else result.other.push(`${response.statusCode} ${response.body}`);
  }
  return result;
}

describe.runIf(usePostgres)('booking race on PostgreSQL', () => {
  let database: TestDatabase;
  let secondHandle: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let admin: string;
  let guests: AuthResponse[];

  beforeAll(async () => {
    database = await createTestDatabase();
    secondHandle = await openSecondHandle(database);
    one = await buildTestApp({ database, env: SHARED_ENV });
    two = await buildTestApp({ database: secondHandle, env: SHARED_ENV });
    admin = await loginAdmin(one.app);
    guests = await Promise.all(Array.from({ length: GUESTS }, () => registerUser(one.app)));
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await secondHandle?.drop();
    await database?.drop();
  });

  async function newRoom(): Promise<Room> {
    const property = await createProperty(one.app, admin);
    return createRoom(one.app, admin, property.id);
  }

  async function nightsHeld(roomId: string) {
    return database.handle.db
      .select({ userId: bookings.userId, start: bookings.startDate, end: bookings.endDate })
      .from(bookings)
      .where(and(eq(bookings.roomId, roomId), ne(bookings.status, 'cancelled')));
  }

  /** All requests leave together; each guest asks the instance `pick(i)`. */
  async function race(room: Room, pick: (i: number) => FastifyInstance, dates: (i: number) => { start_date: string; end_date: string }) {
    const responses = await Promise.all(
      guests.map((guest, i) => book(pick(i), guest.token, { room_id: room.id, ...dates(i), payment_method: i % 3 === 0 ? 'stripe' : 'on_site' })),
    );
    return tally(responses);
  }

  it('50 guests, one room, the same nights, one instance: exactly one booking', async () => {
    const room = await newRoom();
    const result = await race(room, () => one.app, () => ({ start_date: siteDate(20), end_date: siteDate(27) }));
    console.log(`race (one instance): ${result.created} success, ${result.conflicts} × 409${result.other.length ? `, other: ${result.other.join(' | ')}` : ''}`);
    expect(result).toEqual({ created: 1, conflicts: GUESTS - 1, other: [] });
    expect(await nightsHeld(room.id)).toHaveLength(1);
  });

  it('50 guests, one room, the same nights, two instances on one database: exactly one booking', async () => {
    const room = await newRoom();
    const result = await race(room, (i) => (i % 2 === 0 ? one.app : two.app), () => ({ start_date: siteDate(30), end_date: siteDate(37) }));
    console.log(`race (two instances): ${result.created} success, ${result.conflicts} × 409${result.other.length ? `, other: ${result.other.join(' | ')}` : ''}`);
    expect(result).toEqual({ created: 1, conflicts: GUESTS - 1, other: [] });
    expect(await nightsHeld(room.id)).toHaveLength(1);
  });

  it('50 guests asking for different stays that all share a night, two instances: exactly one booking', async () => {
    const room = await newRoom();
    // Every stay covers the nights from day 44 to day 49.
    const result = await race(
      room,
      (i) => (i % 2 === 0 ? two.app : one.app),
      (i) => ({ start_date: siteDate(40 + (i % 5)), end_date: siteDate(50 + (i % 7)) }),
    );
    console.log(`race (two instances, overlapping stays): ${result.created} success, ${result.conflicts} × 409${result.other.length ? `, other: ${result.other.join(' | ')}` : ''}`);
    expect(result).toEqual({ created: 1, conflicts: GUESTS - 1, other: [] });
    expect(await nightsHeld(room.id)).toHaveLength(1);
  });

  it(`the exclusion constraint alone holds: ${RAW_INSERTS} raw inserts from two pools, bypassing the app, leave one row`, { timeout: 60_000 }, async () => {
    const room = await newRoom();
    const handles = [database.handle.db, secondHandle.handle.db];
    const outcomes = await Promise.allSettled(
      guests.slice(0, RAW_INSERTS).map((guest, i) =>
        handles[i % 2]!.insert(bookings).values({
          roomId: room.id,
          userId: guest.user.id,
          userName: guest.user.name,
          userEmail: guest.user.email,
          startDate: siteDate(80 + (i % 3)),
          endDate: siteDate(90),
          totalCents: 1,
          status: i % 2 ? 'confirmed' : 'pending',
          paymentMethod: i % 2 ? 'on_site' : 'stripe',
        }),
      ),
    );
    const inserted = outcomes.filter((o) => o.status === 'fulfilled').length;
    const states = outcomes.flatMap((o) => (o.status === 'rejected' ? [sqlState(o.reason)] : []));
    console.log(`race (raw inserts, no app): ${inserted} inserted, ${states.filter((s) => s === '23P01').length} × 23P01, ${states.filter((s) => s === '40P01').length} × deadlock`);
    expect(inserted).toBe(1);
    // Without the app's per-room queue, clashing inserts may also deadlock; either way none gets in.
    expect(states.every((s) => s === '23P01' || s === '40P01')).toBe(true);
    expect(await nightsHeld(room.id)).toHaveLength(1);
  });

  it('back-to-back weeks raced for together all succeed: the constraint refuses only shared nights', async () => {
    const room = await newRoom();
    const result = await race(
      room,
      (i) => (i % 2 === 0 ? one.app : two.app),
      (i) => ({ start_date: siteDate(60 + 7 * i), end_date: siteDate(67 + 7 * i) }),
    );
    console.log(`race (two instances, 50 back-to-back weeks): ${result.created} success, ${result.conflicts} × 409`);
    expect(result).toEqual({ created: GUESTS, conflicts: 0, other: [] });
  });
});
