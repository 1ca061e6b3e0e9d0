import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingSummary } from '@roomweek/contract';
import { queryRows, type Database } from '../../src/db/client.ts';
import { HousekeepingRepository } from '../../src/plugins/app/housekeeping/housekeeping-repository.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, usePostgres, type TestApp } from '../helper.ts';
import { expireHold, insertBooking, openSecondHandle } from '../support.ts';

/** The summary's counters (its `warnings` are the configuration's, not the bookings'). */
type Counters = Omit<BookingSummary, 'warnings'>;

/** The summary counted over the whole table, as it was computed before the counters of migration 0013. */
async function recount(db: Database): Promise<Counters> {
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where status = 'confirmed')::int as confirmed,
          count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where status = 'cancelled')::int as cancelled,
          coalesce(sum(total_cents) filter (where status = 'confirmed'), 0)::bigint::text as revenue_cents,
          coalesce(sum(paid_cents - refunded_cents), 0)::bigint::text as received_cents,
          count(*) filter (where refund_status = 'pending')::int as refunds_pending,
          coalesce(sum(refunded_cents) filter (where refund_status = 'pending'), 0)::bigint::text as refunds_pending_cents,
          count(*) filter (where refund_status = 'failed')::int as refunds_failed
        from bookings`,
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)])) as unknown as Counters;
}

describe('the booking counters kept by the database (migration 0013)', () => {
  let t: TestApp;
  let admin: string;
  const summary = async () => {
    const response = await t.app.inject({ url: '/api/admin/bookings/summary', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const { warnings: _warnings, ...counters } = response.json<BookingSummary>();
    return counters;
  };
  const totalOf = async (query: string) =>
    Number((await t.app.inject({ url: `/api/admin/bookings?limit=1${query}`, headers: bearer(admin) })).headers['x-total-count']);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
  });
  afterAll(() => t?.close());

  it('follow every way a booking changes: created, confirmed, cancelled, released, paid and refunded, deleted', async () => {
    const property = await createProperty(t.app, admin);
    const room = await createRoom(t.app, admin, property.id, { price_per_week: 410.5 });
    const guest = await registerUser(t.app);
    const onSite = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(7), end_date: siteDate(14) });
    const card = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(21), end_date: siteDate(35), payment_method: 'stripe' });
    const paypal = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(42), end_date: siteDate(49), payment_method: 'paypal' });
    // A clash is refused: its transaction rolls back, and so does its count.
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(8), end_date: siteDate(10) })).statusCode).toBe(409);
    // The hourly housekeeping folds what was appended so far into the totals row; reads stay exact across it.
    const deltas = async () => (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from booking_total_deltas`))[0]!.n;
    expect(await deltas()).toBeGreaterThan(0);
    expect(await summary()).toEqual(await recount(t.app.db));
    expect((await t.app.housekeeping.run()).bookingTotalsFolded).toBeGreaterThan(0);
    expect(await deltas()).toBe(0);
    expect(await summary()).toEqual(await recount(t.app.db));
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${onSite.json<Booking>().id}/cancel`, headers: bearer(guest.token) });
    await expireHold(t.app.db, paypal.json<Booking>().id);
    await t.app.paymentJobs.holds.runOnce();
    const past = await insertBooking(t.app.db, { roomId: room.id, userId: guest.user.id, startDate: siteDate(-30), endDate: siteDate(-23), totalCents: 77_700 });
    // Money in and partly back, a refund pending then failed, written as the payment code writes them.
    await t.app.db.execute(sql`update bookings set paid_cents = 77700, refunded_cents = 10000, refund_status = 'pending' where id = ${past}`);
    await t.app.db.execute(sql`update bookings set status = 'confirmed' where id = ${card.json<Booking>().id}`);
    await t.app.db.execute(sql`update bookings set refund_status = 'failed' where id = ${past}`);
    const gone = await insertBooking(t.app.db, { roomId: room.id, userId: guest.user.id, startDate: siteDate(-60), endDate: siteDate(-53), status: 'cancelled' });
    await t.app.db.execute(sql`delete from bookings where id = ${gone}`);

    const expected = await recount(t.app.db);
    expect(expected).toMatchObject({ total: 4, confirmed: 2, pending: 0, cancelled: 2, refunds_failed: 1 });
    expect(await summary()).toEqual(expected);
    expect(await totalOf('')).toBe(expected.total);
    expect(await totalOf('&status=confirmed')).toBe(expected.confirmed);
    expect(await totalOf('&status=cancelled')).toBe(expected.cancelled);
    expect(await totalOf('&status=pending')).toBe(0);
    // A search still counts its matches.
    expect(await totalOf(`&q=${encodeURIComponent('past.guest@')}`)).toBe(1);
  });

  it.runIf(usePostgres)('stay exact under concurrent bookings from two connection pools', async () => {
    const second = await openSecondHandle(t.database);
    try {
      const property = await createProperty(t.app, admin);
      const rooms = await Promise.all(Array.from({ length: 8 }, () => createRoom(t.app, admin, property.id)));
      const guest = await registerUser(t.app);
      const dbs = [t.app.db, second.handle.db];
      // 8 rooms × 6 overlapping stays, inserted at once from both pools: one per room gets in, the rest fail.
      const outcomes = await Promise.allSettled(
        rooms.flatMap((room, r) =>
          Array.from({ length: 6 }, (_, i) =>
            insertBooking(dbs[(r + i) % 2]!, { roomId: room.id, userId: guest.user.id, startDate: siteDate(60 + i), endDate: siteDate(70), status: i % 2 ? 'confirmed' : 'pending' }),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(8);
      expect(await summary()).toEqual(await recount(t.app.db));
      // Two instances folding at the same moment count each delta once.
      const housekeeping = (db: Database) => new HousekeepingRepository(db).foldBookingTotals();
      await Promise.all([housekeeping(t.app.db), housekeeping(second.handle.db), insertBooking(second.handle.db, { roomId: rooms[0]!.id, userId: guest.user.id, startDate: siteDate(200), endDate: siteDate(207) })]);
      expect(await summary()).toEqual(await recount(t.app.db));
    } finally {
      await second.drop();
    }
  });
});
