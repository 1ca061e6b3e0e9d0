import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * The admin summary's counters, kept by the database itself (migration 0013: a deferred trigger on `bookings` adds each
 * committed change to the row of its connection's shard), so reading them costs the same at any number of bookings.
 * The app only reads them, summing the shards.
 */
export const bookingTotals = pgTable('booking_totals', {
  shard: smallint('shard').primaryKey(),
  bookings: bigint('bookings', { mode: 'number' }).notNull().default(0),
  confirmed: bigint('confirmed', { mode: 'number' }).notNull().default(0),
  pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  cancelled: bigint('cancelled', { mode: 'number' }).notNull().default(0),
  /** Sum of total_cents of confirmed bookings. */
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  /** Sum of paid_cents − refunded_cents of every booking. */
  receivedCents: bigint('received_cents', { mode: 'number' }).notNull().default(0),
  refundsPending: bigint('refunds_pending', { mode: 'number' }).notNull().default(0),
  refundsPendingCents: bigint('refunds_pending_cents', { mode: 'number' }).notNull().default(0),
  refundsFailed: bigint('refunds_failed', { mode: 'number' }).notNull().default(0),
});
