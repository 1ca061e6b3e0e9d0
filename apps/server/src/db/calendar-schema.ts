import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings, rooms } from './schema.ts';

/**
 * The owner's calendar (migration 0015, docs/decisions/0024-calendar-sync-and-blocks.md). The triggers that keep
 * room_occupancy in step with bookings and room_blocks, and its exclusion constraint, are in the migration (drizzle-kit
 * cannot express them).
 */

/** Another platform's iCal feed imported into a room. */
export const roomCalendars = pgTable(
  'room_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The validators of the last good answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Who is syncing it now and until when at most (a job's run or "sync now", on any instance). */
    syncLease: uuid('sync_lease'),
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('room_calendars_room_url_key').on(t.roomId, t.url), index('room_calendars_attempt_idx').on(t.lastAttemptAt)],
);

/** A manual block (a note, no feed) or an imported event (its feed and UID); `blocking` false: a conflict. */
export const roomBlocks = pgTable(
  'room_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    note: text('note'),
    calendarId: uuid('calendar_id').references(() => roomCalendars.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    blocking: boolean('blocking').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_blocks_calendar_uid_key').on(t.calendarId, t.uid),
    index('room_blocks_room_start_idx').on(t.roomId, t.startDate),
    index('room_blocks_start_idx').on(t.startDate),
    // The search's "no night taken" probe per room (migration 0019).
    index('room_blocks_room_nights_idx')
      .using('gist', t.roomId, sql`daterange(${t.startDate}, ${t.endDate}, '[)')`)
      .where(sql`${t.blocking}`),
    check('room_blocks_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('room_blocks_source_check', sql`(${t.calendarId} is null) = (${t.uid} is null)`),
    check('room_blocks_manual_blocks_check', sql`${t.calendarId} is not null or ${t.blocking}`),
  ],
);

/** The nights bookings and blocks take, mirrored by triggers; carries `room_occupancy_no_overlap`. Read-only for the code. */
export const roomOccupancy = pgTable(
  'room_occupancy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['booking', 'block'] }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    blockId: uuid('block_id').references(() => roomBlocks.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('room_occupancy_booking_key').on(t.bookingId), uniqueIndex('room_occupancy_block_key').on(t.blockId)],
);
