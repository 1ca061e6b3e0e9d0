import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  AVAILABILITY_WINDOW_DAYS,
  daysBetween,
  MAX_DAYS_AHEAD,
  MAX_STAY_DAYS,
  stayTotalCents,
  UPCOMING_CHECK_IN_DAYS,
  toEuros,
  type AdminBookingsQuery,
  type Booking,
  type BookedRange,
  type BookingSummary,
  type CreateBookingBody,
  type Language,
} from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound, sqlState } from '../../../lib/errors.ts';
import { siteToday, toSiteDate } from '../../../lib/dates.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { UserRow } from '../auth/users-repository.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** Namespace of the per-room advisory locks that queue a room's new bookings (two-key form: apart from BOOTSTRAP_LOCK_ID). */
const ROOM_BOOKING_LOCK = 4_242_002;

const bookingColumns = {
  booking: bookings,
  roomNumber: rooms.roomNumber,
  propertyId: properties.id,
  propertyName: properties.name,
};

type JoinedRow = { booking: BookingRow; roomNumber: string; propertyId: string; propertyName: string };

export function toBooking({ booking, roomNumber, propertyId, propertyName }: JoinedRow): Booking {
  return {
    id: booking.id,
    room_id: booking.roomId,
    user_name: booking.userName,
    user_email: booking.userEmail,
    start_date: booking.startDate,
    end_date: booking.endDate,
    total_price: toEuros(booking.totalCents),
    status: booking.status,
    payment_method: booking.paymentMethod,
    cancel_reason: booking.cancelReason,
    refund_status: booking.refundStatus,
    hold_expires_at: booking.holdExpiresAt?.toISOString() ?? null,
    created_at: booking.createdAt.toISOString(),
    room_number: roomNumber,
    property_id: propertyId,
    property_name: propertyName,
  };
}

/** A booking still occupies its nights unless cancelled, or a pending hold whose time has run out. */
export const occupiesNights = (now: SQL = sql`now()`) =>
  and(
    ne(bookings.status, 'cancelled'),
    or(ne(bookings.status, 'pending'), isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
  );

/**
 * The calendar's call, in one round trip: the bookable room (no row: no such room) left-joined to the stays that
 * take a night in [from, to). Placeholders `roomId`, `from`, `to`; the bench explains this very query.
 */
export const availabilityQuery = (db: Executor) =>
  db
    .select({ roomId: rooms.id, start_date: bookings.startDate, end_date: bookings.endDate })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .leftJoin(
      bookings,
      and(eq(bookings.roomId, rooms.id), lt(bookings.startDate, sql.placeholder('to')), gt(bookings.endDate, sql.placeholder('from')), occupiesNights()),
    )
    .where(and(eq(rooms.id, sql.placeholder('roomId')), isNull(rooms.archivedAt), isNull(properties.archivedAt)))
    .orderBy(asc(bookings.startDate));

/**
 * Queues, on every instance, the transactions that make a booking of this room hold nights (a new booking, or a
 * released hold taken back by a late payment): without it, two that clash in the exclusion constraint can wait
 * on each other and deadlock (40P01). The constraint stays the guarantee.
 */
export async function lockRoomNights(tx: Executor, roomId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROOM_BOOKING_LOCK}::int, hashtext(${roomId}))`);
}

export interface BookingsServiceOptions {
  db: Database;
  notifier: Notifier;
  timeZone: string;
  holdMinutes: number;
}

export class BookingsService {
  constructor(private readonly options: BookingsServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  today(): string {
    return siteToday(this.options.timeZone);
  }

  private joined(executor: Executor = this.db) {
    return executor
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId));
  }

  async get(id: string, executor: Executor = this.db): Promise<Booking> {
    const [row] = await this.joined(executor).where(eq(bookings.id, id));
    if (!row) throw notFound('booking_not_found', 'Booking not found');
    return toBooking(row);
  }

  /** Validates a stay's dates against the site's calendar: [start, end), not in the past, within the limits. */
  normaliseStay(startInput: string, endInput: string): { start: string; end: string } {
    const start = toSiteDate(startInput, this.options.timeZone);
    const end = toSiteDate(endInput, this.options.timeZone);
    const today = this.today();
    if (end <= start) throw badRequest('invalid_dates', 'The departure must be after the arrival', 'end_date');
    if (start < today) throw badRequest('date_in_past', 'The arrival cannot be in the past', 'start_date');
    if (daysBetween(start, end) > MAX_STAY_DAYS) {
      throw badRequest('stay_too_long', `A stay may last at most ${MAX_STAY_DAYS} days`, 'end_date');
    }
    if (daysBetween(today, start) > MAX_DAYS_AHEAD) {
      throw badRequest('booking_too_far', `Bookings open at most ${MAX_DAYS_AHEAD} days ahead`, 'start_date');
    }
    return { start, end };
  }

  /**
   * Creates a booking at the server's price. The exclusion constraint `bookings_no_overlap` is the guarantee
   * against double booking; the transaction first releases the room's expired holds so a dead hold never blocks.
   */
  async create(user: UserRow, body: CreateBookingBody, language: Language): Promise<Booking> {
    const { start, end } = this.normaliseStay(body.start_date, body.end_date);
    const onSite = body.payment_method === 'on_site';
    try {
      return await this.db.transaction(async (tx) => {
        // Bookings of one room queue here, on every instance: concurrent inserts that clash in the exclusion
        // constraint would otherwise wait on each other and deadlock (40P01). The constraint stays the guarantee.
        await lockRoomNights(tx, body.room_id);
        // Shares the room and property rows: an archive waits for this booking, and then sees it.
        const [room] = await tx
          .select({ id: rooms.id, pricePerWeekCents: rooms.pricePerWeekCents })
          .from(rooms)
          .innerJoin(properties, eq(properties.id, rooms.propertyId))
          .where(and(eq(rooms.id, body.room_id), isNull(rooms.archivedAt), isNull(properties.archivedAt)))
          .for('share');
        if (!room) throw notFound('room_not_found', 'Room not found');
        await this.releaseExpiredHolds(tx, room.id);
        const [inserted] = await tx
          .insert(bookings)
          .values({
            roomId: room.id,
            userId: user.id,
            userName: [user.firstName, user.name].filter(Boolean).join(' '),
            userEmail: user.email,
            startDate: start,
            endDate: end,
            totalCents: stayTotalCents(room.pricePerWeekCents, start, end),
            status: onSite ? 'confirmed' : 'pending',
            paymentMethod: body.payment_method,
            language,
            holdExpiresAt: onSite ? null : sql`now() + make_interval(mins => ${this.options.holdMinutes})`,
            confirmedAt: onSite ? sql`now()` : null,
          })
          .returning({ id: bookings.id });
        const booking = await this.get(inserted!.id, tx);
        await this.options.notifier.bookingCreated(tx, booking);
        return booking;
      });
    } catch (error) {
      if (sqlState(error) === '23P01') throw conflict('room_unavailable', 'Room not available for these dates');
      throw error;
    }
  }

  /** Cancels the pending holds of a room whose time has run out (reason: expired); returns them. */
  async releaseExpiredHolds(executor: Executor, roomId?: string): Promise<string[]> {
    const released = await executor
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: 'expired', cancelledAt: sql`now()` })
      .where(
        and(
          eq(bookings.status, 'pending'),
          lt(bookings.holdExpiresAt, sql`now()`),
          roomId ? eq(bookings.roomId, roomId) : undefined,
        ),
      )
      .returning({ id: bookings.id });
    return released.map((row) => row.id);
  }

  async listForUser(userId: string): Promise<Booking[]> {
    const rows = await this.joined().where(eq(bookings.userId, userId)).orderBy(desc(bookings.startDate), desc(bookings.createdAt));
    return rows.map(toBooking);
  }

  async listAll(filter: AdminBookingsQuery = {}): Promise<{ bookings: Booking[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(bookings.status, filter.status));
    if (filter.q) {
      const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          sql`${bookings.userName} ilike ${pattern}`,
          sql`${bookings.userEmail} ilike ${pattern}`,
          sql`${bookings.id}::text ilike ${pattern}`,
        )!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const order = [desc(bookings.createdAt), asc(bookings.id)];
    if (filter.limit === undefined) {
      const rows = await this.joined().where(where).orderBy(...order);
      return { bookings: rows.map(toBooking), total: rows.length };
    }
    // A page takes its ids from the (created_at desc, id) index first: the rows its offset skips are never joined.
    const pageIds = this.db.select({ id: bookings.id }).from(bookings).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset ?? 0);
    const [rows, [count]] = await Promise.all([
      this.joined().where(inArray(bookings.id, pageIds)).orderBy(...order),
      this.db.select({ count: sql<number>`count(*)::int` }).from(bookings).where(where),
    ]);
    return { bookings: rows.map(toBooking), total: count?.count ?? 0 };
  }

  /** The counters of the admin screens over every booking, in one pass of the table (SPEC §2). */
  async summary(): Promise<BookingSummary> {
    const confirmed = sql`${bookings.status} = 'confirmed'`;
    const refundPending = sql`${bookings.refundStatus} = 'pending'`;
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        confirmed: sql<number>`count(*) filter (where ${confirmed})::int`,
        pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')::int`,
        cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')::int`,
        // Sums of cents can pass 2^31: summed as bigint, sent as text, read as a number (exact below 2^53).
        revenueCents: sql<string>`coalesce(sum(${bookings.totalCents}) filter (where ${confirmed}), 0)::bigint::text`,
        refundsPending: sql<number>`count(*) filter (where ${refundPending})::int`,
        refundsPendingCents: sql<string>`coalesce(sum(${bookings.totalCents}) filter (where ${refundPending}), 0)::bigint::text`,
      })
      .from(bookings);
    return {
      total: row?.total ?? 0,
      confirmed: row?.confirmed ?? 0,
      pending: row?.pending ?? 0,
      cancelled: row?.cancelled ?? 0,
      revenue_cents: Number(row?.revenueCents ?? 0),
      refunds_pending: row?.refundsPending ?? 0,
      refunds_pending_cents: Number(row?.refundsPendingCents ?? 0),
    };
  }

  /**
   * The bookings the admin's availability screen needs (decision 0009), not every booking: the non-cancelled stays
   * that cover today (`start <= today <= end`), that arrive within the next 7 days, and each room's next booking
   * (its earliest start after today, found through the (room, start) index one room at a time).
   */
  async availabilityToday(): Promise<{ today: string; bookings: Booking[] }> {
    const today = this.today();
    const weekEnd = addDays(today, UPCOMING_CHECK_IN_DAYS);
    // One statement: the ids are a subquery of the joined read.
    const ids = sql`(
      select b.id from bookings b
      where b.status <> 'cancelled'
        and ((b.start_date <= ${today} and b.end_date >= ${today}) or (b.start_date >= ${today} and b.start_date < ${weekEnd}))
      union
      select next.id from rooms r
      cross join lateral (
        select n.id from bookings n
        where n.room_id = r.id and n.status <> 'cancelled' and n.start_date > ${today}
        order by n.start_date limit 1
      ) next
    )`;
    const rows = await this.joined().where(inArray(bookings.id, ids)).orderBy(asc(bookings.startDate), asc(bookings.id));
    return { today, bookings: rows.map(toBooking) };
  }

  /** Users cancel their own bookings; admins cancel any. A cancelled booking is kept, never deleted. */
  async cancel(user: UserRow, id: string): Promise<Booking> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      if (!row) throw notFound('booking_not_found', 'Booking not found');
      const isAdmin = user.role === 'admin';
      if (row.userId !== user.id && !isAdmin) throw forbidden('This booking belongs to someone else');
      if (row.status === 'cancelled') throw conflict('booking_already_cancelled', 'This booking is already cancelled');
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelReason: row.userId === user.id ? 'user' : 'admin', cancelledAt: sql`now()` })
        .where(eq(bookings.id, id));
      const booking = await this.get(id, tx);
      await this.options.notifier.bookingCancelled(tx, booking);
      return booking;
    });
  }

  /** The nights taken in a room within [from, to): dates only, never who booked them. */
  async availability(roomId: string, fromInput?: string, toInput?: string): Promise<BookedRange[]> {
    const from = fromInput ? toSiteDate(fromInput, this.options.timeZone) : this.today();
    const to = toInput ? toSiteDate(toInput, this.options.timeZone) : addDays(from, AVAILABILITY_WINDOW_DAYS);
    if (to <= from) throw badRequest('invalid_dates', 'The end of the window must be after its start', 'end');
    if (daysBetween(from, to) > MAX_DAYS_AHEAD + MAX_STAY_DAYS) {
      throw new AppError(400, 'validation_error', 'The window is too long', 'end');
    }
    this.availabilityQuery ??= availabilityQuery(this.db).prepare('bookings_availability');
    const rows = await this.availabilityQuery.execute({ roomId, from, to });
    if (rows.length === 0) throw notFound('room_not_found', 'Room not found');
    return rows.flatMap((row) => (row.start_date && row.end_date ? [{ start_date: row.start_date, end_date: row.end_date }] : []));
  }

  private availabilityQuery: ReturnType<ReturnType<typeof availabilityQuery>['prepare']> | undefined;

  /** Bookings by id, for callers that already hold ids (payments, jobs). */
  async getMany(ids: string[]): Promise<Booking[]> {
    if (ids.length === 0) return [];
    return (await this.joined().where(inArray(bookings.id, ids))).map(toBooking);
  }
}
