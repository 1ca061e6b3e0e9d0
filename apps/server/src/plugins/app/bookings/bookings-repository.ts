import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_TERMS,
  type PaymentTermsRules,
  UPCOMING_CHECK_IN_DAYS,
  type AdminBookingsQuery,
  type BookingStatus,
  type BookingSummary,
  type CancellationPolicy,
  type StayPricing,
} from '@roomweek/contract';
import { alias, type PgInsertValue, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { queryRows, type Database, type Executor } from '../../../db/client.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';
import { checkIns } from '../../../db/check-in-schema.ts';
import { readBookingTotals } from './booking-totals-repository.ts';
import type { BookingRow, BookingView } from './booking-view.ts';
import { availabilityQuery, holdExpired, holdRunning, nightsMeet, occupiesNights, priceTermsColumn } from './booking-nights.ts';

export type { BookingRow } from './booking-view.ts';
/** Columns as a write takes them: values or SQL expressions such as `now()`. */
export type NewBookingRow = PgInsertValue<typeof bookings>;
/** A write's columns, `status` excepted: a booking's state changes only through the life cycle's `writeState` (a compile error, not a convention). */
export type BookingChanges = Omit<PgUpdateSetSource<typeof bookings>, 'status'> & { status?: never };
/** A change of state with the columns it sets: what the life cycle (booking-lifecycle.ts) writes, and nothing else (lint). */
export type BookingTransition = Omit<PgUpdateSetSource<typeof bookings>, 'status'> & { status: BookingStatus };

/** A booking row under its row lock, and whether its hold (if any) still runs. */
export interface LockedBooking {
  booking: BookingRow;
  holdActive: boolean;
}

/** Namespace of the per-room advisory locks that queue a room's night-taking transactions (apart from BOOTSTRAP_LOCK_ID). */
const ROOM_NIGHTS_LOCK = 4_242_002;
/** Namespace of the per-account advisory locks that queue one client's new bookings (the per-account cap). */
const USER_BOOKINGS_LOCK = 4_242_003;

const holdActive = holdRunning(bookings);

const viewColumns = {
  booking: bookings,
  roomNumber: rooms.roomNumber,
  propertyId: properties.id,
  propertyName: properties.name,
  propertyLocation: properties.location,
  propertyTranslations: properties.translations,
  propertyArrivalInstructions: properties.arrivalInstructions,
  propertyRegistrationCountry: properties.registrationCountry,
  holdActive,
  checkInStatus: checkIns.status,
};

/** What a stay's price and rules depend on (the contract's StayPricing), read with the room and its property. */
export const stayPricingColumns = {
  pricePerWeekCents: rooms.pricePerWeekCents,
  rules: rooms.stayRules,
  seasons: rooms.seasonalPrices,
  discounts: rooms.longStayDiscounts,
  terms: priceTermsColumn,
};

/** The terms a new booking of a room gets (docs/behaviour.md §10): its property's, or else the site's, or else the default. */
export const effectiveCancellationPolicy = sql<CancellationPolicy>`coalesce(
  ${properties.cancellationPolicy},
  (select s.value::jsonb from settings s where s.key = 'cancellation_policy'),
  ${JSON.stringify(DEFAULT_CANCELLATION_POLICY)}::jsonb)`;

/** The payment terms a new booking of a room gets (decision 0044): its property's, or else the site's, or else none. */
export const effectivePaymentTerms = sql<PaymentTermsRules>`coalesce(
  ${properties.paymentTerms},
  (select s.value::jsonb from settings s where s.key = 'payment_terms'),
  ${JSON.stringify(DEFAULT_PAYMENT_TERMS)}::jsonb)`;

/** The ILIKE pattern of the admin's search on a booking's guest or id: the text anywhere, its wildcards taken literally. */
export const searchPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export { toBooking, type BookingView } from './booking-view.ts';
export { availabilityQuery, nightsMeet, occupiesNights, priceTermsColumn, upcomingStaysIn } from './booking-nights.ts';

/**
 * The times the life cycle writes, on the database's clock (one clock for every instance): now, a hold's end in
 * minutes (never past `ceiling`) or days, and a hold's end moved later but never earlier.
 */
export const bookingTimes = {
  now: () => sql`now()`,
  inMinutes: (minutes: number, ceiling?: Date) =>
    ceiling
      ? sql`least(now() + make_interval(mins => ${minutes}), ${ceiling.toISOString()}::timestamptz)`
      : sql`now() + make_interval(mins => ${minutes})`,
  inDays: (days: number) => sql`now() + make_interval(days => ${days})`,
  holdAtLeast: (end: SQL | Date) => sql`greatest(${bookings.holdExpiresAt}, ${end instanceof Date ? sql`${end.toISOString()}::timestamptz` : end})`,
};

/** Every query on the bookings table; the rules about them live in the life cycle and the bookings service. */
export class BookingsRepository {
  private availabilityStatement: ReturnType<ReturnType<typeof availabilityQuery>['prepare']> | undefined;

  constructor(private readonly db: Database) {}

  /** The booking ⋈ room ⋈ property read, written once. */
  private joined(executor: Executor = this.db) {
    return executor
      .select(viewColumns)
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .leftJoin(checkIns, eq(checkIns.bookingId, bookings.id));
  }

  async view(id: string, executor: Executor = this.db): Promise<BookingView | undefined> {
    const [row] = await this.joined(executor).where(eq(bookings.id, id));
    return row;
  }

  async viewsOf(ids: string[]): Promise<BookingView[]> {
    if (ids.length === 0) return [];
    return this.joined().where(inArray(bookings.id, ids));
  }

  /** Takes the booking's row lock for the rest of the transaction. */
  async lock(tx: Executor, id: string): Promise<LockedBooking | undefined> {
    const [row] = await tx.select({ booking: bookings, holdActive }).from(bookings).where(eq(bookings.id, id)).for('update');
    return row;
  }

  /**
   * Queues, on every instance, the transactions that make a booking of this room take nights (a new booking, or a
   * released hold taken back): without it, two that clash in the exclusion constraint can wait on each other and
   * deadlock (40P01). The constraint stays the guarantee.
   */
  async lockRoomNights(tx: Executor, roomId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROOM_NIGHTS_LOCK}::int, hashtext(${roomId}))`);
  }

  /**
   * Queues, on every instance, one account's new bookings, whatever their rooms: the per-account cap is counted under
   * it, so two parallel bookings cannot both see room for one more. Taken before the room's lock (always in that order).
   */
  async lockUserBookings(tx: Executor, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_BOOKINGS_LOCK}::int, hashtext(${userId}))`);
  }

  /**
   * The account's bookings that hold a future stay unpaid: pending holds still running, and on-site bookings (paid on
   * arrival) whose stay is not over. Card and PayPal bookings once paid, cancelled ones and past stays do not count.
   */
  async countUnpaidActive(tx: Executor, userId: string, today: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          gt(bookings.endDate, today),
          or(
            and(eq(bookings.status, 'pending'), holdRunning()),
            and(eq(bookings.status, 'confirmed'), eq(bookings.paymentMethod, 'on_site')),
          ),
        ),
      );
    return row?.n ?? 0;
  }

  /**
   * The account's upcoming unpaid on-site nights: the nights from today on of its on-site bookings not cancelled
   * (confirmed, or waiting for the owner's approval) whose stay is not over (docs/decisions/0029).
   */
  async unpaidOnSiteNights(tx: Executor, userId: string, today: string): Promise<number> {
    const [row] = await tx
      .select({ nights: sql<number>`coalesce(sum(${bookings.endDate} - greatest(${bookings.startDate}, ${today}::date)), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), eq(bookings.paymentMethod, 'on_site'), ne(bookings.status, 'cancelled'), gt(bookings.endDate, today)));
    return row?.nights ?? 0;
  }

  /** Whether the database's clock has reached `at`. */
  async reached(tx: Executor, at: Date): Promise<boolean> {
    const [row] = await queryRows<{ reached: boolean }>(tx, sql`select now() >= ${at.toISOString()}::timestamptz as reached`);
    return row?.reached ?? false;
  }

  /**
   * The room a new booking goes in, if bookable, with its pricing and stay rules (the quote) and the cancellation terms a
   * booking of it gets now; shares its row
   * and its property's, so an archive waits for the booking.
   */
  async shareBookableRoom(
    tx: Executor,
    roomId: string,
  ): Promise<{ id: string; pricing: StayPricing; cancellationPolicy: CancellationPolicy; paymentTerms: PaymentTermsRules; maxGuests: number } | undefined> {
    const [room] = await tx
      .select({
        id: rooms.id,
        pricing: stayPricingColumns,
        cancellationPolicy: effectiveCancellationPolicy,
        paymentTerms: effectivePaymentTerms,
        maxGuests: rooms.maxGuests,
      })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(rooms.id, roomId), isNull(rooms.archivedAt), isNull(properties.archivedAt)))
      .for('share');
    return room;
  }

  /** The user's pending hold on exactly this room and these dates, locked, if there is one. */
  async lockOwnHold(tx: Executor, userId: string, roomId: string, start: string, end: string): Promise<BookingRow | undefined> {
    const [hold] = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          eq(bookings.roomId, roomId),
          eq(bookings.status, 'pending'),
          eq(bookings.startDate, start),
          eq(bookings.endDate, end),
        ),
      )
      .for('update');
    return hold;
  }

  async insert(tx: Executor, values: NewBookingRow): Promise<string> {
    const [inserted] = await tx.insert(bookings).values(values).returning({ id: bookings.id });
    return inserted!.id;
  }

  /** Writes columns other than the state to bookings the caller has locked; answers how many it wrote. */
  async update(tx: Executor, ids: string | string[], set: BookingChanges): Promise<number> {
    return this.write(tx, ids, set);
  }

  /** Writes a change of state to bookings the caller has locked: the life cycle's alone (eslint no-restricted-properties). */
  async writeState(tx: Executor, ids: string | string[], set: BookingTransition): Promise<number> {
    return this.write(tx, ids, set);
  }

  private async write(tx: Executor, ids: string | string[], set: BookingChanges | BookingTransition): Promise<number> {
    const list = typeof ids === 'string' ? [ids] : ids;
    if (list.length === 0) return 0;
    const updated = await tx.update(bookings).set(set).where(inArray(bookings.id, list)).returning({ id: bookings.id });
    return updated.length;
  }

  /**
   * Writes `set` to the pending holds past their end, in one statement, and answers their ids: one room's (waiting for
   * their row locks: a booking of that room must see them gone) or the oldest `limit` anywhere (SKIP LOCKED: instances
   * running the job share the work).
   */
  async updateExpiredHolds(tx: Executor, scope: { roomId: string } | { limit: number }, set: BookingTransition): Promise<string[]> {
    const expired = holdExpired();
    const ids =
      'roomId' in scope
        ? tx.select({ id: bookings.id }).from(bookings).where(and(expired, eq(bookings.roomId, scope.roomId))).for('update')
        : tx.select({ id: bookings.id }).from(bookings).where(expired).orderBy(asc(bookings.holdExpiresAt)).limit(scope.limit).for('update', { skipLocked: true });
    // The outer condition again: a row whose hold was extended while this statement waited for its lock stays.
    const rows = await tx.update(bookings).set(set).where(and(inArray(bookings.id, ids), expired)).returning({ id: bookings.id });
    return rows.map((row) => row.id);
  }

  async listForUser(userId: string): Promise<BookingView[]> {
    return this.joined().where(eq(bookings.userId, userId)).orderBy(desc(bookings.startDate), desc(bookings.createdAt));
  }

  async listAll(filter: AdminBookingsQuery = {}): Promise<{ views: BookingView[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(bookings.status, filter.status));
    if (filter.q) {
      const pattern = searchPattern(filter.q);
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
      const views = await this.joined().where(where).orderBy(...order);
      return { views, total: views.length };
    }
    // A page takes its ids from the (created_at desc, id) index first: the rows its offset skips are never joined.
    const pageIds = this.db.select({ id: bookings.id }).from(bookings).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset ?? 0);
    const [views, total] = await Promise.all([this.joined().where(inArray(bookings.id, pageIds)).orderBy(...order), this.count(filter, where)]);
    return { views, total };
  }

  /**
   * How many bookings a filter matches: without a search, from the counters the database keeps (migration 0013), at
   * the same cost whatever the table's size; a search counts its matches.
   */
  private async count(filter: AdminBookingsQuery, where: SQL | undefined): Promise<number> {
    if (!filter.q) return (await readBookingTotals(this.db))[filter.status ?? 'bookings'];
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(bookings).where(where);
    return row?.count ?? 0;
  }

  /**
   * The counters of the admin screens over every booking (docs/behaviour.md §2), as the database keeps them while
   * bookings change (migration 0013): the same cost however many bookings there are.
   */
  async summary(): Promise<Omit<BookingSummary, 'warnings'>> {
    const totals = await readBookingTotals(this.db);
    return {
      total: totals.bookings,
      confirmed: totals.confirmed,
      pending: totals.pending,
      cancelled: totals.cancelled,
      revenue_cents: totals.revenue_cents,
      received_cents: totals.received_cents,
      refunds_pending: totals.refunds_pending,
      refunds_pending_cents: totals.refunds_pending_cents,
      refunds_failed: totals.refunds_failed,
    };
  }

  /**
   * The bookings the admin's availability screen needs (decision 0009), not every booking: the stays occupying their nights
   * that cover today (`start <= today <= end`) or arrive within 7 days — their nights meet [today − 1, week's end),
   * read through the nights index (migration 0016) whatever the history — and each room's next booking (its earliest
   * start after today, through the (room, start) index one room at a time), added when it arrives after the week
   * (before, it is among the first). No duplicates: every row is read once, in one statement.
   */
  async availabilityOn(today: string): Promise<BookingView[]> {
    const weekEnd = addDays(today, UPCOMING_CHECK_IN_DAYS);
    // The public calendar's condition: an expired hold the job has not released yet is free here too.
    const live = occupiesNights();
    const next = this.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.roomId, rooms.id), live, gt(bookings.startDate, today)))
      .orderBy(asc(bookings.startDate))
      .limit(1)
      .as('next');
    // The subquery's columns, by name, in the table's order (as the union's other side lists them).
    const nextColumns = Object.fromEntries(Object.keys(getTableColumns(bookings)).map((key) => [key, next[key as keyof typeof next]]));
    const stays = this.db
      .select()
      .from(bookings)
      .where(and(live, nightsMeet(addDays(today, -1), weekEnd)))
      .unionAll(
        this.db
          .select(nextColumns as typeof next._.selectedFields)
          .from(rooms)
          .crossJoinLateral(next)
          .where(gte(next.startDate, weekEnd)),
      )
      .as('stay');
    const stay = alias(bookings, 'stay');
    return this.db
      .select({ ...viewColumns, booking: stay, holdActive: holdRunning(stay) })
      .from(stays)
      .innerJoin(rooms, eq(rooms.id, stay.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .leftJoin(checkIns, eq(checkIns.bookingId, stay.id))
      .orderBy(asc(stay.startDate), asc(stay.id));
  }

  /** The stays and blocks taking nights of a bookable room within [from, to); no row at all when the room is not bookable. */
  async takenNights(roomId: string, from: string, to: string) {
    this.availabilityStatement ??= availabilityQuery(this.db).prepare('bookings_availability');
    return this.availabilityStatement.execute({ roomId, from, to });
  }
}
