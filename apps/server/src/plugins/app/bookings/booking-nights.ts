import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PriceTerms } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { roomBlocks } from '../../../db/calendar-schema.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';

// The SQL of "which nights a stay takes", shared by every read that asks (the calendar, the admin's screens, the
// catalogue's checks); re-exported by bookings-repository.ts.

/** The SQL condition "this booking's hold, if it has one, still runs" (by the database's clock); `table` may be an alias of bookings. */
export const holdRunning = (table: { holdExpiresAt: SQLWrapper } = bookings, now: SQL = sql`now()`) =>
  sql<boolean>`(${table.holdExpiresAt} is null or ${table.holdExpiresAt} > ${now})`;

/**
 * The SQL condition "this booking occupies its nights": not cancelled, and not a pending hold whose time has run out.
 * The rule itself is the life cycle's (booking-lifecycle.ts); this is its query form, for every read that needs it
 * (the public calendar, the admin's availability and timeline, the archive checks, the catalogue's).
 */
export const occupiesNights = (now: SQL = sql`now()`) =>
  and(ne(bookings.status, 'cancelled'), or(ne(bookings.status, 'pending'), holdRunning(bookings, now)));

/**
 * How many stays in these rooms (ids, or a query of them) occupy nights not over by `today` (an expired hold blocks
 * nothing): archiving a room or a property waits for none to be left.
 */
export async function upcomingStaysIn(tx: Executor, roomIds: string[] | SQLWrapper, today: string): Promise<number> {
  const [upcoming] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(inArray(bookings.roomId, roomIds), occupiesNights(), gt(bookings.endDate, today)));
  return upcoming?.count ?? 0;
}

/** The SQL condition "a pending hold whose time has run out": what the hold job releases, the complement of a running hold. */
export const holdExpired = () => and(eq(bookings.status, 'pending'), lt(bookings.holdExpiresAt, sql`now()`));

/**
 * The SQL condition "this stay has a night in [from, to)": its nights [start, end) meet the window's. Written as
 * bookings_no_overlap (one room's stays) and the nights index (every room's, migration 0016) are, so either answers it.
 */
export const nightsMeet = (from: string, to: string) =>
  sql`daterange(${bookings.startDate}, ${bookings.endDate}, '[)') && daterange(${from}::date, ${to}::date, '[)')`;

/**
 * The calendar's call, in one round trip: the bookable room (no row: no such room) left-joined to what takes a night in
 * [from, to) — its stays (`kind` booking) and its blocks (`kind` block, docs/behaviour.md §14). Placeholders `roomId`,
 * `from`, `to`; the bench explains this very query.
 */
export const availabilityQuery = (db: Executor) => {
  const [from, to] = [sql.placeholder('from'), sql.placeholder('to')];
  const stays = db
    .select({ kind: sql<'booking' | 'block'>`'booking'`.as('kind'), startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(and(eq(bookings.roomId, rooms.id), lt(bookings.startDate, to), gt(bookings.endDate, from), occupiesNights()));
  const blocked = db
    .select({ kind: sql<'booking' | 'block'>`'block'`.as('kind'), startDate: roomBlocks.startDate, endDate: roomBlocks.endDate })
    .from(roomBlocks)
    .where(and(eq(roomBlocks.roomId, rooms.id), eq(roomBlocks.blocking, true), lt(roomBlocks.startDate, to), gt(roomBlocks.endDate, from)));
  const taken = stays.unionAll(blocked).as('taken');
  return db
    .select({
      roomId: rooms.id,
      kind: taken.kind,
      start_date: taken.startDate,
      end_date: taken.endDate,
      // The room's stay terms ride along on each row: the calendar gets them in the same round trip.
      rules: rooms.stayRules,
      seasons: rooms.seasonalPrices,
      discounts: rooms.longStayDiscounts,
      terms: priceTermsColumn,
    })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .leftJoinLateral(taken, sql`true`)
    .where(and(eq(rooms.id, sql.placeholder('roomId')), isNull(rooms.archivedAt), isNull(properties.archivedAt)))
    .orderBy(asc(taken.startDate));
};

/**
 * The fees (the room's own, else its property's), taxes and VAT a stay in a room pays (docs/behaviour.md §18), as the
 * contract's PriceTerms: read with the room joined to its property.
 */
export const priceTermsColumn = sql<PriceTerms>`json_build_object(
  'fees', coalesce(${rooms.fees}, ${properties.fees}),
  'taxes', ${properties.taxes},
  'vatPercent', ${properties.vatHundredths} / 100.0)`;
