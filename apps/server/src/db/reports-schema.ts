import { bigint, date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { rooms } from './schema.ts';

/**
 * What the monthly reports read (migration 0032, decision 0045), kept by the trigger `report_capture` on bookings: per
 * room and month, the confirmed stays' nights and their amounts spread over them, and the stays arriving that month.
 * Never written by the app.
 */
export const reportRoomMonths = pgTable(
  'report_room_months',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    month: date('month', { mode: 'string' }).notNull(),
    nightsSold: integer('nights_sold').notNull().default(0),
    rentCents: bigint('rent_cents', { mode: 'number' }).notNull().default(0),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
    taxesCents: bigint('taxes_cents', { mode: 'number' }).notNull().default(0),
    arrivals: integer('arrivals').notNull().default(0),
    cancellations: integer('cancellations').notNull().default(0),
    stayNights: integer('stay_nights').notNull().default(0),
    leadDays: bigint('lead_days', { mode: 'number' }).notNull().default(0),
    stripe: integer('stripe').notNull().default(0),
    paypal: integer('paypal').notNull().default(0),
    onSite: integer('on_site').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'report_room_months_pkey', columns: [t.roomId, t.month] }),
    // Migration 0033 carries the counters in its leaves (INCLUDE, which drizzle-kit cannot express): a year's whole
    // months are an index-only scan.
    index('report_room_months_month_idx').on(t.month),
  ],
);
