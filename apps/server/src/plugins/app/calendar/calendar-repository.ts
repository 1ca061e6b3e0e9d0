import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { addDays } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { roomBlocks, roomCalendars } from '../../../db/calendar-schema.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';
import { nightsMeet, occupiesNights } from '../bookings/bookings-repository.ts';

export type BlockRow = typeof roomBlocks.$inferSelect;
export type CalendarRow = typeof roomCalendars.$inferSelect;
export interface BlockView {
  block: BlockRow;
  calendarName: string | null;
}
export interface CalendarView {
  calendar: CalendarRow;
  events: number;
  conflicts: number;
}

/** How long a claimed sync may run before another instance may take the feed over. */
const LEASE = sql`interval '2 minutes'`;
const bookable = and(isNull(rooms.archivedAt), isNull(properties.archivedAt));
const blockView = { block: roomBlocks, calendarName: roomCalendars.name };

/** Every query of the owner's calendar: blocks, imported feeds and their leases, the exported feed, the timeline. */
export class CalendarRepository {
  constructor(private readonly db: Database) {}

  /** The room when it is bookable (not archived, nor its property). */
  async bookableRoom(roomId: string): Promise<{ id: string; roomNumber: string; propertyName: string } | undefined> {
    const [room] = await this.db
      .select({ id: rooms.id, roomNumber: rooms.roomNumber, propertyName: properties.name })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(rooms.id, roomId), bookable));
    return room;
  }

  // Blocks.

  async insertBlock(tx: Executor, values: typeof roomBlocks.$inferInsert): Promise<BlockRow> {
    const [row] = await tx.insert(roomBlocks).values(values).returning();
    return row!;
  }

  /** The room's blocks that end after `from`, with their feed's name, by arrival. */
  async blocksOf(roomId: string, from: string): Promise<BlockView[]> {
    return this.db
      .select(blockView)
      .from(roomBlocks)
      .leftJoin(roomCalendars, eq(roomCalendars.id, roomBlocks.calendarId))
      .where(and(eq(roomBlocks.roomId, roomId), gt(roomBlocks.endDate, from)))
      .orderBy(asc(roomBlocks.startDate), asc(roomBlocks.id));
  }

  async block(roomId: string, blockId: string): Promise<BlockRow | undefined> {
    const [row] = await this.db.select().from(roomBlocks).where(and(eq(roomBlocks.id, blockId), eq(roomBlocks.roomId, roomId)));
    return row;
  }

  /** Deletes a manual block (its nights free with it); false when there was none. */
  async deleteManualBlock(roomId: string, blockId: string, executor: Executor = this.db): Promise<boolean> {
    const deleted = await executor
      .delete(roomBlocks)
      .where(and(eq(roomBlocks.id, blockId), eq(roomBlocks.roomId, roomId), isNull(roomBlocks.calendarId)))
      .returning({ id: roomBlocks.id });
    return deleted.length > 0;
  }

  // Imported feeds.

  private calendarViews(executor: Executor = this.db) {
    return executor
      .select({
        calendar: roomCalendars,
        // Written out: drizzle leaves a lone table's columns unqualified, which the subquery would read as its own.
        events: sql<number>`(select count(*)::int from room_blocks b where b.calendar_id = room_calendars.id and b.blocking)`,
        conflicts: sql<number>`(select count(*)::int from room_blocks b where b.calendar_id = room_calendars.id and not b.blocking)`,
      })
      .from(roomCalendars);
  }

  async calendarsOf(roomId: string): Promise<CalendarView[]> {
    return this.calendarViews().where(eq(roomCalendars.roomId, roomId)).orderBy(asc(roomCalendars.createdAt), asc(roomCalendars.id));
  }

  async calendar(roomId: string, calendarId: string): Promise<CalendarView | undefined> {
    const [row] = await this.calendarViews().where(and(eq(roomCalendars.id, calendarId), eq(roomCalendars.roomId, roomId)));
    return row;
  }

  async countCalendars(tx: Executor, roomId: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(roomCalendars).where(eq(roomCalendars.roomId, roomId));
    return row?.n ?? 0;
  }

  /** Takes the room's row lock: calendars of one room are added one at a time (their cap). */
  async lockRoom(tx: Executor, roomId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(rooms.id, roomId), bookable))
      .for('update', { of: rooms });
    return Boolean(row);
  }

  async insertCalendar(tx: Executor, values: { roomId: string; name: string; url: string }): Promise<string> {
    const [row] = await tx.insert(roomCalendars).values(values).returning({ id: roomCalendars.id });
    return row!.id;
  }

  /** Deletes the feed and, by cascade, its blocks; false when there was none. */
  async deleteCalendar(roomId: string, calendarId: string, executor: Executor = this.db): Promise<boolean> {
    const deleted = await executor
      .delete(roomCalendars)
      .where(and(eq(roomCalendars.id, calendarId), eq(roomCalendars.roomId, roomId)))
      .returning({ id: roomCalendars.id });
    return deleted.length > 0;
  }

  /**
   * Leases up to `limit` feeds of bookable rooms not tried for `minutes`, least recently tried first, and not leased by
   * anyone now (SKIP LOCKED: instances running the job share the work). Answers them with their lease.
   */
  async claimDue(minutes: number, limit: number): Promise<CalendarRow[]> {
    const due = this.db
      .select({ id: roomCalendars.id })
      .from(roomCalendars)
      .innerJoin(rooms, eq(rooms.id, roomCalendars.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(
        and(
          bookable,
          or(isNull(roomCalendars.syncLeaseUntil), lt(roomCalendars.syncLeaseUntil, sql`now()`)),
          or(isNull(roomCalendars.lastAttemptAt), sql`${roomCalendars.lastAttemptAt} <= now() - make_interval(mins => ${minutes})`),
        ),
      )
      .orderBy(sql`${roomCalendars.lastAttemptAt} asc nulls first`)
      .limit(limit)
      .for('update', { of: roomCalendars, skipLocked: true });
    return this.db
      .update(roomCalendars)
      .set({ syncLease: sql`gen_random_uuid()`, syncLeaseUntil: sql`now() + ${LEASE}`, lastAttemptAt: sql`now()` })
      .where(inArray(roomCalendars.id, due))
      .returning();
  }

  /** Leases one feed for "sync now"; undefined when it does not exist or another sync of it runs. */
  async claimOne(roomId: string, calendarId: string): Promise<CalendarRow | undefined> {
    const [row] = await this.db
      .update(roomCalendars)
      .set({ syncLease: sql`gen_random_uuid()`, syncLeaseUntil: sql`now() + ${LEASE}`, lastAttemptAt: sql`now()` })
      .where(
        and(
          eq(roomCalendars.id, calendarId),
          eq(roomCalendars.roomId, roomId),
          or(isNull(roomCalendars.syncLeaseUntil), lt(roomCalendars.syncLeaseUntil, sql`now()`)),
        ),
      )
      .returning();
    return row;
  }

  /** Locks the feed while `lease` is still its own: false when it was deleted or taken over meanwhile. */
  async lockLeased(tx: Executor, calendarId: string, lease: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: roomCalendars.id })
      .from(roomCalendars)
      .where(and(eq(roomCalendars.id, calendarId), eq(roomCalendars.syncLease, lease)))
      .for('update');
    return Boolean(row);
  }

  /** Ends the lease: a success keeps the answer's validators, a failure keeps the last good sync and says why. */
  async endLease(
    executor: Executor,
    calendarId: string,
    lease: string,
    outcome: { ok: true; etag?: string | null; lastModified?: string | null } | { ok: false; error: string },
  ): Promise<void> {
    const set = outcome.ok
      ? {
          lastSyncedAt: sql`now()`,
          lastError: null,
          ...(outcome.etag !== undefined ? { etag: outcome.etag, lastModified: outcome.lastModified ?? null } : {}),
        }
      : { lastError: outcome.error };
    await executor
      .update(roomCalendars)
      .set({ ...set, syncLease: null, syncLeaseUntil: null })
      .where(and(eq(roomCalendars.id, calendarId), eq(roomCalendars.syncLease, lease)));
  }

  async importedBlocks(tx: Executor, calendarId: string): Promise<BlockRow[]> {
    return tx.select().from(roomBlocks).where(eq(roomBlocks.calendarId, calendarId));
  }

  async updateBlock(tx: Executor, id: string, set: { startDate: string; endDate: string; blocking: boolean }): Promise<void> {
    await tx.update(roomBlocks).set({ ...set, updatedAt: sql`now()` }).where(eq(roomBlocks.id, id));
  }

  async deleteBlocks(tx: Executor, ids: string[]): Promise<void> {
    if (ids.length) await tx.delete(roomBlocks).where(inArray(roomBlocks.id, ids));
  }

  // The exported feed.

  async setToken(roomId: string, token: string, executor: Executor = this.db): Promise<boolean> {
    const updated = await executor.update(rooms).set({ icalToken: token }).where(and(eq(rooms.id, roomId), isNull(rooms.archivedAt))).returning({ id: rooms.id });
    return updated.length > 0;
  }

  /** The bookable room a feed token names. */
  async roomByToken(token: string): Promise<{ id: string; roomNumber: string; propertyName: string } | undefined> {
    const [room] = await this.db
      .select({ id: rooms.id, roomNumber: rooms.roomNumber, propertyName: properties.name })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(rooms.icalToken, token), bookable));
    return room;
  }

  /** The room's stays taking nights and its blocking blocks that end after `from`: what its feed lists. */
  async exportedNights(roomId: string, from: string) {
    const [stays, blocked] = await Promise.all([
      this.db
        .select({ id: bookings.id, start: bookings.startDate, end: bookings.endDate })
        .from(bookings)
        .where(and(eq(bookings.roomId, roomId), gt(bookings.endDate, from), occupiesNights()))
        .orderBy(asc(bookings.startDate)),
      this.db
        .select({ id: roomBlocks.id, start: roomBlocks.startDate, end: roomBlocks.endDate })
        .from(roomBlocks)
        .where(and(eq(roomBlocks.roomId, roomId), eq(roomBlocks.blocking, true), gt(roomBlocks.endDate, from)))
        .orderBy(asc(roomBlocks.startDate)),
    ]);
    return { stays, blocked };
  }

  // The timeline and the conflicts.

  async timelineRooms() {
    return this.db
      .select({ id: rooms.id, propertyId: rooms.propertyId, propertyName: properties.name, roomNumber: rooms.roomNumber, icalToken: rooms.icalToken })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(bookable)
      .orderBy(asc(properties.name), asc(properties.id), asc(rooms.roomNumber));
  }

  /**
   * Stays taking nights in [from, to), and those leaving on `from` (the departures of the first day): their nights meet
   * [from − 1, to), read through the nights index (migration 0016), not through the history before the window.
   */
  async timelineBookings(from: string, to: string) {
    return this.db
      .select({
        id: bookings.id,
        roomId: bookings.roomId,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        status: bookings.status,
        userName: bookings.userName,
        userEmail: bookings.userEmail,
        totalCents: bookings.totalCents,
        paidCents: bookings.paidCents,
        paymentMethod: bookings.paymentMethod,
        holdExpiresAt: bookings.holdExpiresAt,
        adults: bookings.adults,
        children: bookings.children,
        source: bookings.source,
      })
      .from(bookings)
      .where(and(occupiesNights(), nightsMeet(addDays(from, -1), to)))
      .orderBy(asc(bookings.roomId), asc(bookings.startDate));
  }

  async timelineBlocks(from: string, to: string): Promise<BlockView[]> {
    return this.db
      .select(blockView)
      .from(roomBlocks)
      .leftJoin(roomCalendars, eq(roomCalendars.id, roomBlocks.calendarId))
      .where(and(lt(roomBlocks.startDate, to), gt(roomBlocks.endDate, from)))
      .orderBy(asc(roomBlocks.roomId), asc(roomBlocks.startDate));
  }

  /** Imported events kept as conflicts that end after `from`, each with the bookings of ours it shares nights with. */
  async conflicts(from: string) {
    return this.db
      .select({
        block: roomBlocks,
        calendarName: roomCalendars.name,
        roomNumber: rooms.roomNumber,
        propertyName: properties.name,
        booking: {
          id: bookings.id,
          userName: bookings.userName,
          startDate: bookings.startDate,
          endDate: bookings.endDate,
          status: bookings.status,
        },
      })
      .from(roomBlocks)
      .innerJoin(roomCalendars, eq(roomCalendars.id, roomBlocks.calendarId))
      .innerJoin(rooms, eq(rooms.id, roomBlocks.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .innerJoin(
        bookings,
        and(eq(bookings.roomId, roomBlocks.roomId), lt(bookings.startDate, roomBlocks.endDate), gt(bookings.endDate, roomBlocks.startDate), occupiesNights()),
      )
      .where(and(eq(roomBlocks.blocking, false), isNotNull(roomBlocks.calendarId), gt(roomBlocks.endDate, from)))
      .orderBy(asc(roomBlocks.startDate), asc(properties.name), asc(rooms.roomNumber), asc(bookings.startDate));
  }
}
