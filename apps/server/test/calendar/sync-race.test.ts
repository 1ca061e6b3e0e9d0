import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Calendar, Room } from '@roomweek/contract';
import { roomBlocks } from '../../src/db/calendar-schema.ts';
import { bookings } from '../../src/db/schema.ts';
import { sqlState } from '../../src/lib/errors.ts';
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
import { openSecondHandle } from '../support.ts';
import { airbnbEvent, airbnbFeed, FeedServer } from './feed-server.ts';
import { calendarCalls } from './support.ts';

const GUESTS = 20;
const ROUNDS = 6;
const SHARED_ENV = {
  LOG_LEVEL: 'error',
  ICAL_ALLOW_PRIVATE: 'true',
  JWT_SECRET: 'sync-race-shared-jwt-secret-0123456789',
  SETTINGS_KEY: 'sync-race-shared-settings-key-0123456789',
};

/**
 * A booking and a sync that target the same nights, on two instances of one PostgreSQL database: exactly one of them
 * takes the nights. Either a guest's booking wins (the imported event is kept as a conflict) or the event blocks them
 * (every guest gets 409 room_unavailable); never both, never neither.
 */
describe.runIf(usePostgres)('booking against calendar sync on PostgreSQL', () => {
  let database: TestDatabase;
  let secondHandle: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let admin: string;
  let guests: AuthResponse[];
  const feeds = new FeedServer();

  beforeAll(async () => {
    await feeds.start();
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
    await feeds.stop();
  });

  async function holders(room: Room, start: string, end: string) {
    const db = database.handle.db;
    const stays = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.roomId, room.id), ne(bookings.status, 'cancelled'), lt(bookings.startDate, end), gt(bookings.endDate, start)));
    const blocks = await db
      .select({ id: roomBlocks.id, blocking: roomBlocks.blocking })
      .from(roomBlocks)
      .where(and(eq(roomBlocks.roomId, room.id), lt(roomBlocks.startDate, end), gt(roomBlocks.endDate, start)));
    return { stays: stays.length, blocking: blocks.filter((b) => b.blocking).length, conflicts: blocks.filter((b) => !b.blocking).length };
  }

  it(`${ROUNDS} rounds of ${GUESTS} guests booking while both instances sync a feed with those nights: one winner each time`, { timeout: 120_000 }, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const room = await createRoom(one.app, admin, (await createProperty(one.app, admin)).id);
      const [start, end] = [20 + round * 10, 27 + round * 10];
      feeds.routes.set(`/race-${round}.ics`, { kind: 'ics', body: airbnbFeed([airbnbEvent(`race-${round}`, start, end)]) });
      const feed = await calendarCalls(one.app, admin).addCalendar(room.id, 'Airbnb', feeds.url(`/race-${round}.ics`));
      const syncs = [one.app, two.app].map((app) => calendarCalls(app, admin).sync(room.id, feed.id));
      // The guests leave a little after the syncs, later each round: sometimes the sync's transaction comes first.
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      const attempts = guests.map((guest, i) =>
        book(i % 2 ? one.app : two.app, guest.token, { room_id: room.id, start_date: siteDate(start), end_date: siteDate(end) }),
      );
      const [syncAnswers, bookingAnswers] = await Promise.all([Promise.all(syncs), Promise.all(attempts)]);

      const created = bookingAnswers.filter((r) => r.statusCode === 201).length;
      const refused = bookingAnswers.filter((r) => r.statusCode === 409 && r.json<{ code: string }>().code === 'room_unavailable').length;
      expect(created + refused, bookingAnswers.map((r: LightMyRequestResponse) => `${r.statusCode} ${r.body}`).join(' | ')).toBe(GUESTS);
      for (const answer of syncAnswers) {
        expect([200, 409], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 200) expect(answer.json<Calendar>().last_error).toBeNull();
        else expect(answer.json<{ code: string }>().code).toBe('calendar_sync_running');
      }
      const held = await holders(room, siteDate(start), siteDate(end));
      expect(held.stays + held.blocking, JSON.stringify(held)).toBe(1);
      expect(held.stays).toBe(created);
      expect(held.conflicts).toBe(created);
      outcomes.push(created ? 'booking' : 'feed');
    }
    console.log(`booking vs sync: ${outcomes.join(', ')}`);
  });

  it('the database alone: a raw booking and a raw block racing for one night from two pools, exactly one row stays', async () => {
    const room = await createRoom(one.app, admin, (await createProperty(one.app, admin)).id);
    const guest = guests[0]!;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? secondHandle.handle.db.insert(roomBlocks).values({ roomId: room.id, startDate: siteDate(300 + (i % 3)), endDate: siteDate(310) })
          : database.handle.db.insert(bookings).values({
              roomId: room.id,
              userId: guest.user.id,
              userName: 'Raw',
              userEmail: 'raw@example.com',
              startDate: siteDate(300 + (i % 3)),
              endDate: siteDate(310),
              totalCents: 1,
              status: 'confirmed',
              paymentMethod: 'on_site',
            }),
      ),
    );
    const states = results.flatMap((r) => (r.status === 'rejected' ? [sqlState(r.reason)] : []));
    expect(states.every((s) => s === '23P01' || s === '40P01'), states.join()).toBe(true);
    const held = await holders(room, siteDate(300), siteDate(310));
    // Blocks may overlap each other, bookings not; a booking and a block never.
    expect(held.stays === 0 || held.blocking === 0, JSON.stringify(held)).toBe(true);
    expect(held.stays).toBeLessThanOrEqual(1);
  });
});
