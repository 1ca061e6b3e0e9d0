import { z } from 'zod';
import { BookingSource, BookingStatus, PaymentMethod } from './bookings.ts';
import { CalendarDate, Id } from './common.ts';

/**
 * The owner's calendar (docs/behaviour.md §14, decision 0024): blocked nights, the iCal feeds exported to and imported
 * from Airbnb, Booking.com or Vrbo, and the rooms × days timeline.
 */

/** Feeds one room may import. */
export const MAX_CALENDARS_PER_ROOM = 10;
/** The longest block, in nights, and how far ahead one may start (days from today). */
export const MAX_BLOCK_NIGHTS = 1095;
export const MAX_BLOCK_DAYS_AHEAD = 1095;
/** The timeline's default and longest span, in days. */
export const TIMELINE_DAYS = 28;
export const MAX_TIMELINE_DAYS = 62;

export const RoomIdParams = z.object({ id: Id });
export const BlockParams = z.object({ id: Id, block_id: Id });
export const CalendarParams = z.object({ id: Id, calendar_id: Id });
/** The secret of a room's exported feed: 32 lower-case hex characters. */
export const IcalTokenParams = z.object({ token: z.string().max(100) });

export const BlockBody = z.object({
  start_date: CalendarDate,
  end_date: CalendarDate,
  /** The admin's own words (repairs, own use…); never shown to guests nor exported. */
  note: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((note) => note || null),
});
export type BlockBody = z.input<typeof BlockBody>;

/**
 * Nights of a room that nobody may book: a manual block (`source: manual`, with its note) or an event of an imported
 * feed (`source: import`). An imported event that shares a night with one of our bookings is kept as a conflict
 * (`conflict: true`): it takes no night, and is listed for the admin.
 */
export const Block = z.object({
  id: Id,
  room_id: Id,
  start_date: CalendarDate,
  end_date: CalendarDate,
  note: z.string().nullable(),
  source: z.enum(['manual', 'import']),
  calendar_id: Id.nullable(),
  calendar_name: z.string().nullable(),
  /** The event's UID in its feed (imported blocks only). */
  uid: z.string().nullable(),
  conflict: z.boolean(),
});
export type Block = z.infer<typeof Block>;

/** Only http(s) URLs; where the address may lead is checked when the feed is fetched (and for literal addresses, now). */
export const CalendarUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { message: 'Expected an http(s) URL' });

export const CalendarBody = z.object({
  name: z.string().trim().min(1).max(100),
  url: CalendarUrl,
});
export type CalendarBody = z.input<typeof CalendarBody>;

/** An imported feed of a room and how its fetching goes. */
export const Calendar = z.object({
  id: Id,
  room_id: Id,
  name: z.string(),
  url: z.string(),
  /** The last fetch that succeeded (its events are the room's imported blocks); null: never. */
  last_synced_at: z.string().nullable(),
  /** The last fetch, whatever came of it. */
  last_attempt_at: z.string().nullable(),
  /** Why the last fetch failed (the blocks of the last good one are kept); null when it succeeded. */
  last_error: z.string().nullable(),
  /** Its events now blocking nights, and those in conflict with our bookings. */
  events: z.number().int(),
  conflicts: z.number().int(),
});
export type Calendar = z.infer<typeof Calendar>;

export const IcalExport = z.object({ ical_export_url: z.string() });
export type IcalExport = z.infer<typeof IcalExport>;

/** An imported event that shares nights with one of our bookings: neither is dropped, the admin decides. */
export const CalendarConflict = z.object({
  block_id: Id,
  room_id: Id,
  room_number: z.string(),
  property_name: z.string(),
  calendar_id: Id,
  calendar_name: z.string(),
  uid: z.string(),
  start_date: CalendarDate,
  end_date: CalendarDate,
  booking: z.object({
    id: Id,
    user_name: z.string(),
    start_date: CalendarDate,
    end_date: CalendarDate,
    status: BookingStatus,
  }),
});
export type CalendarConflict = z.infer<typeof CalendarConflict>;

export const TimelineQuery = z.object({
  start: CalendarDate.optional(),
  days: z.coerce.number().int().min(1).max(MAX_TIMELINE_DAYS).default(TIMELINE_DAYS),
});
export type TimelineQuery = z.input<typeof TimelineQuery>;

/** A stay on the timeline: what a click on its bar shows. */
export const TimelineBooking = z.object({
  id: Id,
  room_id: Id,
  start_date: CalendarDate,
  end_date: CalendarDate,
  status: BookingStatus,
  user_name: z.string(),
  user_email: z.string(),
  total_price: z.number(),
  paid_amount: z.number(),
  payment_method: PaymentMethod,
  hold_expires_at: z.string().nullable(),
  /** The party, and whether the owner entered it (issue 26). */
  adults: z.number().int(),
  children: z.number().int(),
  source: BookingSource,
});
export type TimelineBooking = z.infer<typeof TimelineBooking>;

export const TimelineRoom = z.object({
  id: Id,
  property_id: Id,
  room_number: z.string(),
  /** The room's secret feed for other platforms to import (regenerated by POST /admin/rooms/{id}/ical-token). */
  ical_export_url: z.string(),
});
export type TimelineRoom = z.infer<typeof TimelineRoom>;

/**
 * One call for the whole timeline: every bookable room (grouped by property), and in [start, start + days) the stays
 * that take nights (cancelled ones and run-out holds left out; stays leaving on `start` included, for the departures)
 * and the blocks, conflicts among them.
 */
export const Timeline = z.object({
  today: CalendarDate,
  start: CalendarDate,
  days: z.number().int(),
  properties: z.array(z.object({ id: Id, name: z.string() })),
  rooms: z.array(TimelineRoom),
  bookings: z.array(TimelineBooking),
  blocks: z.array(Block),
});
export type Timeline = z.infer<typeof Timeline>;
