import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAvailability, AuthResponse, BookingSummary, Room } from '@roomweek/contract';
import { bookings } from '../../src/db/schema.ts';
import { bearer, book, buildTestApp, createProperty, createTestDatabase, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError, insertBooking } from '../support.ts';

/** The admin screens' overview calls: they answer counters and today's bookings without sending every booking. */
describe('admin overview routes', () => {
  let t: TestApp;
  let admin: string;
  let guest: AuthResponse;
  let roomA: Room;
  let roomB: Room;
  let roomC: Room;
  const get = <T>(url: string, token = admin) => t.app.inject({ url, headers: bearer(token) }).then((response) => ({ response, body: response.json<T>() }));

  beforeAll(async () => {
    // Statements counted (x-query-count): these calls must not grow with the rows.
    t = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    admin = await loginAdmin(t.app);
    guest = await registerUser(t.app);
    const property = await createProperty(t.app, admin, { name: 'Overview House' });
    roomA = await createRoom(t.app, admin, property.id, { room_number: 'A', price_per_week: 700 });
    roomB = await createRoom(t.app, admin, property.id, { room_number: 'B', price_per_week: 350 });
    roomC = await createRoom(t.app, admin, property.id, { room_number: 'C', price_per_week: 350 });
  });
  afterAll(async () => {
    await t.close();
    await t.database.drop();
  });

  describe('GET /api/admin/bookings/summary', () => {
    it('counts every booking by status, adds up confirmed revenue in cents, and sets refunds apart', async () => {
      const empty = await get<BookingSummary>('/api/admin/bookings/summary');
      expect(empty.response.statusCode).toBe(200);
      expect(empty.body).toEqual({
        total: 0,
        confirmed: 0,
        pending: 0,
        cancelled: 0,
        revenue_cents: 0,
        received_cents: 0,
        refunds_pending: 0,
        refunds_pending_cents: 0,
        refunds_failed: 0,
        warnings: [],
      });

      // 7 nights at 700/week = 700.00; 3 nights at 350/week = 350.00 (docs/behaviour.md §9: at least one week).
      expect((await book(t.app, guest.token, { room_id: roomA.id, start_date: siteDate(50), end_date: siteDate(57) })).statusCode).toBe(201);
      expect((await book(t.app, guest.token, { room_id: roomB.id, start_date: siteDate(50), end_date: siteDate(53) })).statusCode).toBe(201);
      const held = (await book(t.app, guest.token, { room_id: roomB.id, start_date: siteDate(60), end_date: siteDate(67), payment_method: 'stripe' })).json<{ id: string }>();
      const cancelled = (await book(t.app, guest.token, { room_id: roomC.id, start_date: siteDate(60), end_date: siteDate(67) })).json<{ id: string }>();
      await t.app.inject({ method: 'PUT', url: `/api/bookings/${cancelled.id}/cancel`, headers: bearer(guest.token) });
      // A late payment for dates taken meanwhile: confirmed money that must go back, never counted as revenue.
      await t.app.db
        .update(bookings)
        .set({ status: 'cancelled', refundStatus: 'pending', paidCents: 35_000, refundedCents: 35_000 })
        .where(eq(bookings.id, held.id));

      const { response, body } = await get<BookingSummary>('/api/admin/bookings/summary');
      expect(response.headers['x-query-count']).toBe('2');
      expect(body).toEqual({
        total: 4,
        confirmed: 2,
        pending: 0,
        cancelled: 2,
        revenue_cents: 70_000 + 35_000,
        // Paid 350 and refunding 350: nothing kept.
        received_cents: 0,
        refunds_pending: 1,
        refunds_pending_cents: 35_000,
        refunds_failed: 0,
        warnings: [],
      });
    });

    it('adds up revenue past 2^31 cents exactly', async () => {
      const before = (await get<BookingSummary>('/api/admin/bookings/summary')).body;
      for (const days of [400, 420]) {
        await insertBooking(t.app.db, { roomId: roomC.id, userId: guest.user.id, startDate: siteDate(days), endDate: siteDate(days + 7), totalCents: 2_000_000_001 });
      }
      const after = (await get<BookingSummary>('/api/admin/bookings/summary')).body;
      expect(after.revenue_cents - before.revenue_cents).toBe(4_000_000_002);
    });
  });

  describe('GET /api/admin/availability', () => {
    it("answers the site's today and only the bookings covering today, arriving within 7 days, or next in a room", async () => {
      const at = (roomId: string, start: number, end: number, status: 'confirmed' | 'cancelled' = 'confirmed') =>
        insertBooking(t.app.db, { roomId, userId: guest.user.id, startDate: siteDate(start), endDate: siteDate(end), status });
      const covering = await at(roomA.id, -3, 2);
      const departsToday = await at(roomB.id, -5, 0);
      const cancelledToday = await at(roomC.id, -2, 3, 'cancelled');
      const past = await at(roomC.id, -20, -13);
      const leftYesterday = await at(roomC.id, -4, -1);
      const arrivesToday = await at(roomC.id, 0, 4);
      const arrivesIn6 = await at(roomB.id, 6, 9);
      const arrivesIn7 = await at(roomA.id, 7, 10);
      const nextOfA = arrivesIn7;
      const laterOfA = await at(roomA.id, 30, 37);

      const { response, body } = await get<AdminAvailability>('/api/admin/availability');
      expect(response.statusCode).toBe(200);
      // The admin's lookup, then one read of the bookings, whatever their number.
      expect(response.headers['x-query-count']).toBe('2');
      expect(body.today).toBe(siteDate(0));
      const ids = new Set(body.bookings.map((booking) => booking.id));
      for (const id of [covering, departsToday, arrivesToday, arrivesIn6, nextOfA]) expect(ids.has(id), id).toBe(true);
      for (const id of [cancelledToday, past, leftYesterday, laterOfA]) expect(ids.has(id), id).toBe(false);
      // B's next booking arrives within the week: listed once, not twice. In order of arrival.
      expect(body.bookings).toHaveLength(ids.size);
      const arrivals = body.bookings.map((booking) => booking.start_date);
      expect(arrivals).toEqual([...arrivals].sort());
      // Beyond the week, a room's next booking only: C's is the summary test's stay at +400 (its +60 one is
      // cancelled); A's and B's stays at +50 come after their next ones and are left out.
      const later = body.bookings.filter((booking) => booking.start_date >= siteDate(7)).map((booking) => [booking.room_number, booking.start_date]);
      expect(later.sort()).toEqual([
        ['A', siteDate(7)],
        ['C', siteDate(400)],
      ]);
      expect(body.bookings.every((booking) => booking.status !== 'cancelled')).toBe(true);
      expect(body.bookings[0]).toMatchObject({ room_number: expect.any(String), property_name: 'Overview House' });
    });
  });

  describe('an expired hold the job has not released yet', () => {
    it('is free on the admin availability screen as on the public calendar', async () => {
      const property = await createProperty(t.app, admin, { name: 'Expired Hold House' });
      const room = await createRoom(t.app, admin, property.id, { room_number: 'H', price_per_week: 350 });
      const hold = await insertBooking(t.app.db, {
        roomId: room.id,
        userId: guest.user.id,
        startDate: siteDate(1),
        endDate: siteDate(8),
        status: 'pending',
        paymentMethod: 'stripe',
        holdExpiresAt: new Date(Date.now() - 60_000),
      });
      const admins = await get<AdminAvailability>('/api/admin/availability');
      expect(admins.body.bookings.map((booking) => booking.id)).not.toContain(hold);
      const publics = await t.app.inject({ url: `/api/rooms/${room.id}/availability?start=${siteDate(0)}&end=${siteDate(30)}` });
      expect(publics.statusCode).toBe(200);
      expect(publics.json<{ bookings: unknown[] }>().bookings).toEqual([]);
      // Its hold back on: both show it.
      await t.app.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() + 60 * 60_000) }).where(eq(bookings.id, hold));
      expect((await get<AdminAvailability>('/api/admin/availability')).body.bookings.map((booking) => booking.id)).toContain(hold);
      const again = await t.app.inject({ url: `/api/rooms/${room.id}/availability?start=${siteDate(0)}&end=${siteDate(29)}` });
      expect(again.json<{ bookings: unknown[] }>().bookings).toHaveLength(1);
    });
  });

  it('refuses anonymous callers (401) and clients (403)', async () => {
    for (const url of ['/api/admin/bookings/summary', '/api/admin/availability']) {
      expectError(await t.app.inject({ url }), 401, 'unauthorized');
      expectError(await t.app.inject({ url, headers: bearer(guest.token) }), 403, 'forbidden');
    }
  });
});
