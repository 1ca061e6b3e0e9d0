import type { bookings } from '../../../db/schema.ts';

/**
 * How long an unpaid card or PayPal booking holds its nights, every length and bound named once (docs/behaviour.md §4,
 * decision 0015). The SQL form of "a hold still runs" is `holdRunning` in booking-nights.ts.
 */

/** How long a new card/PayPal booking holds its nights unpaid, unless `BOOKING_HOLD_MINUTES` says otherwise. */
export const DEFAULT_HOLD_MINUTES = 30;
/** The longest `BOOKING_HOLD_MINUTES` an operator may set: a day. */
export const MAX_HOLD_MINUTES = 24 * 60;
/** How far past its first hold minutes a hold may ever be stretched by payment calls (retake, extendHold). */
export const HOLD_EXTENSION_MAX_MINUTES = 30;
/** How long a PayPal capture may take once started: the hold is (re)taken for this long (never past its ceiling). */
export const CAPTURE_HOLD_MINUTES = 10;
/**
 * How long a capture PayPal answered PENDING keeps its booking's nights (an eCheck clears in about a week): past it,
 * the hold job releases them, but the attempt stays open and a late completion is still settled. The one hold that
 * runs past the ceiling: the provider has the money already.
 */
export const PENDING_CAPTURE_HOLD_DAYS = 7;

/**
 * A hold's ceiling: no payment call stretches a hold past the booking's creation + its hold minutes + 30 minutes, so
 * nobody blocks a room by calling "pay" again and again.
 */
export function holdCeiling(createdAt: Date, holdMinutes: number): Date {
  return new Date(createdAt.getTime() + (holdMinutes + HOLD_EXTENSION_MAX_MINUTES) * 60_000);
}

/** A released hold can come back only if it was released for time, and no refund is under way for it. */
export const isReleasedHold = (booking: Pick<typeof bookings.$inferSelect, 'status' | 'cancelReason' | 'refundStatus'>) =>
  booking.status === 'cancelled' && booking.cancelReason === 'expired' && !booking.refundStatus;
