import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

/** The counted values of bookings, as columns of both tables below. */
const counters = () => ({
  bookings: bigint('bookings', { mode: 'number' }).notNull(),
  confirmed: bigint('confirmed', { mode: 'number' }).notNull(),
  pending: bigint('pending', { mode: 'number' }).notNull(),
  cancelled: bigint('cancelled', { mode: 'number' }).notNull(),
  /** Sum of total_cents of confirmed bookings. */
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  /** Sum of paid_cents − refunded_cents of every booking. */
  receivedCents: bigint('received_cents', { mode: 'number' }).notNull(),
  refundsPending: bigint('refunds_pending', { mode: 'number' }).notNull(),
  refundsPendingCents: bigint('refunds_pending_cents', { mode: 'number' }).notNull(),
  refundsFailed: bigint('refunds_failed', { mode: 'number' }).notNull(),
});

/**
 * The admin summary's counters, kept by the database (migration 0013): statement triggers on `bookings` append each
 * statement's net change to `booking_total_deltas`; housekeeping folds them into the one row of `booking_totals`.
 * The app reads the row plus the deltas (plugins/app/bookings/booking-totals-repository.ts), never writes them itself.
 */
export const bookingTotals = pgTable('booking_totals', { id: smallint('id').primaryKey(), ...counters() }, (t) => [
  check('booking_totals_one_row', sql`${t.id} = 1`),
]);

export const bookingTotalDeltas = pgTable('booking_total_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ...counters(),
});
