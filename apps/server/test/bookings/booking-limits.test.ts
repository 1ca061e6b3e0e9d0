import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Booking, Room } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import {
  bearer,
  book,
  buildTestApp,
  createProperty,
  createRoom,
  loginAdmin,
  registerUser,
  siteDate,
  useAdminApp,
  useFixture,
  type TestApp,
} from '../helper.ts';
import { expectError, expectRefused, expireHold, insertBooking } from '../support.ts';
import { bookingRow } from '../payments/payments-support.ts';

/** BOOKING_RATE_LIMIT and MAX_ACTIVE_BOOKINGS_PER_USER (docs/decisions/0015-booking-limits-and-paypal-pending.md). */
describe('booking abuse limits', () => {
  const t = useAdminApp();
  let rooms: Room[];
  let day = 10;
  /** A week on dates no other test of this file uses. */
  const nextWeek = () => {
    day += 8;
    return { start_date: siteDate(day), end_date: siteDate(day + 7) };
  };

  beforeAll(async () => {
    const property = await createProperty(t.app, t.admin);
    rooms = [];
    for (let i = 0; i < 4; i++) rooms.push(await createRoom(t.app, t.admin, property.id));
  });

  describe('BOOKING_RATE_LIMIT: booking and payment calls per account per minute', () => {
    const LIMIT = 3;
    let limited: TestApp;
    beforeAll(async () => {
      // A second instance on the same database with a low limit: the counter lives in the database.
      limited = await buildTestApp({ database: t.database, env: { BOOKING_RATE_LIMIT: String(LIMIT) } });
    });
    afterAll(() => limited.close());

    it('answers 429 rate_limited with Retry-After past the limit, changing nothing; other accounts are unaffected', async () => {
      const guest = await registerUser(limited.app);
      const other = await registerUser(limited.app);
      const bookOnce = (token: string) => book(limited.app, token, { room_id: rooms[0]!.id, ...nextWeek() });
      for (let n = 0; n < LIMIT; n++) expect((await bookOnce(guest.token)).statusCode).toBe(201);

      const refused = await expectRefused(limited.database.handle.db, () => bookOnce(guest.token), 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Checkout and the PayPal calls draw on the same counter.
      const [mine] = (await limited.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
      const payCalls = [
        () => limited.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: bearer(guest.token), payload: { booking_id: mine!.id } }),
        () => limited.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', headers: bearer(guest.token), payload: { booking_id: mine!.id } }),
        () => limited.app.inject({ method: 'POST', url: '/api/payments/paypal/capture/SOMEORDER', headers: bearer(guest.token) }),
      ];
      for (const call of payCalls) await expectRefused(limited.database.handle.db, call, 429, 'rate_limited');

      // Another account books as usual.
      expect((await bookOnce(other.token)).statusCode).toBe(201);
    });

    it('lets the account book again once its minute is over', async () => {
      const guest = await registerUser(limited.app);
      for (let n = 0; n <= LIMIT; n++) await book(limited.app, guest.token, { room_id: rooms[1]!.id, ...nextWeek() });
      expectError(await book(limited.app, guest.token, { room_id: rooms[1]!.id, ...nextWeek() }), 429, 'rate_limited');
      await queryRows(t.app.db, sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`booking:${guest.user.id}`}`);
      expect((await book(limited.app, guest.token, { room_id: rooms[1]!.id, ...nextWeek() })).statusCode).toBe(201);
    });
  });

  describe('MAX_ACTIVE_BOOKINGS_PER_USER: unpaid upcoming bookings per client account', () => {
    const MAX = 3;
    const capped = useFixture(() => buildTestApp({ database: t.database, env: { MAX_ACTIVE_BOOKINGS_PER_USER: String(MAX) } }));

    const bookIn = (token: string, room: Room, method = 'on_site', dates = nextWeek()) =>
      book(capped.app, token, { room_id: room.id, ...dates, payment_method: method });

    it('refuses a 4th pending or unpaid on-site booking with 409 too_many_active_bookings, changing nothing', async () => {
      const guest = await registerUser(capped.app);
      const holds: Booking[] = [];
      for (const method of ['on_site', 'stripe', 'paypal']) {
        const response = await bookIn(guest.token, rooms[0]!, method);
        expect(response.statusCode).toBe(201);
        holds.push(response.json<Booking>());
      }
      const refused = await expectRefused(capped.database.handle.db, () => bookIn(guest.token, rooms[1]!), 409, 'too_many_active_bookings');
      expect(refused.json<{ detail: string }>().detail).toContain(String(MAX));

      // Paying another way for one's own hold is not a new booking: re-used (200), not counted twice.
      const card = holds[1]!;
      const switched = await bookIn(guest.token, rooms[0]!, 'paypal', { start_date: card.start_date, end_date: card.end_date });
      expect(switched.statusCode).toBe(200);
      expect(switched.json<Booking>()).toMatchObject({ id: card.id, payment_method: 'paypal' });
      expectError(await bookIn(guest.token, rooms[1]!), 409, 'too_many_active_bookings');
    });

    it('does not count cancelled, expired, paid or past bookings', async () => {
      const guest = await registerUser(capped.app);
      const ids: string[] = [];
      for (let n = 0; n < MAX; n++) ids.push((await bookIn(guest.token, rooms[2]!, 'stripe')).json<Booking>().id);
      expectError(await bookIn(guest.token, rooms[3]!), 409, 'too_many_active_bookings');

      // One cancelled by the guest, one whose hold ran out: two places free.
      expect((await capped.app.inject({ method: 'PUT', url: `/api/bookings/${ids[0]}/cancel`, headers: bearer(guest.token) })).statusCode).toBe(200);
      await expireHold(capped.app.db, ids[1]!);
      // One paid by card (confirmed by the provider), and stays already over, paid on site: none of them count.
      await capped.app.db.transaction((tx) => capped.app.bookingLifecycle.confirm(tx, ids[2]!, 'pi_limits'));
      await insertBooking(capped.app.db, { roomId: rooms[3]!.id, userId: guest.user.id, startDate: siteDate(-20), endDate: siteDate(-13) });
      await insertBooking(capped.app.db, { roomId: rooms[3]!.id, userId: guest.user.id, startDate: siteDate(-7), endDate: siteDate(0) });
      await insertBooking(capped.app.db, {
        roomId: rooms[3]!.id,
        userId: guest.user.id,
        startDate: siteDate(900),
        endDate: siteDate(907),
        status: 'confirmed',
        paymentMethod: 'paypal',
      });

      for (let n = 0; n < MAX; n++) expect((await bookIn(guest.token, rooms[3]!)).statusCode).toBe(201);
      expectError(await bookIn(guest.token, rooms[3]!), 409, 'too_many_active_bookings');
      // The run-out hold was not even released yet (another room): its time alone keeps it out of the count.
      expect((await bookingRow(capped.app.db, ids[1]!)).status).toBe('pending');
    });

    it('does not cap an admin', async () => {
      const adminToken = await loginAdmin(capped.app);
      for (let n = 0; n < MAX + 2; n++) expect((await bookIn(adminToken, rooms[1]!, n % 2 ? 'stripe' : 'on_site')).statusCode).toBe(201);
    });

    it('lets exactly one of two parallel bookings (different rooms) take the last place', async () => {
      for (let round = 0; round < 3; round++) {
        const guest: AuthResponse = await registerUser(capped.app);
        for (let n = 0; n < MAX - 1; n++) expect((await bookIn(guest.token, rooms[0]!)).statusCode).toBe(201);
        const answers = await Promise.all([bookIn(guest.token, rooms[1]!), bookIn(guest.token, rooms[2]!)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        expectError(answers.find((answer) => answer.statusCode === 409)!, 409, 'too_many_active_bookings');
        const [row] = await queryRows<{ n: number }>(
          capped.app.db,
          sql`select count(*)::int as n from bookings where user_id = ${guest.user.id} and status <> 'cancelled'`,
        );
        expect(row?.n).toBe(MAX);
      }
    });
  });
});
