import { toCents, type Booking, type BookingStatus, type BookingSummary } from '@roomweek/contract';
import { coversDay, isUpcomingCheckIn, nextBookingByRoom } from '../lib/derivations';

/**
 * What the server answers for the admin's booking calls, computed from a list of bookings, so the fake API of the
 * screen tests (admin-fixtures.ts) answers like the real one: GET /admin/bookings (filter, order, page and
 * `X-Total-Count`), GET /admin/bookings/summary and GET /admin/availability.
 */

/**
 * GET /admin/bookings/summary: the counters over every booking; revenue from confirmed ones, received from every
 * payment less every refund not failed, and the refunds pending or failed, added in cents.
 */
export function bookingSummary(bookings: readonly Booking[]): BookingSummary {
  const summary: BookingSummary = {
    total: bookings.length,
    confirmed: 0,
    pending: 0,
    cancelled: 0,
    revenue_cents: 0,
    received_cents: 0,
    refunds_pending: 0,
    refunds_pending_cents: 0,
    refunds_failed: 0,
    warnings: [],
  };
  for (const booking of bookings) {
    summary[booking.status] += 1;
    if (booking.status === 'confirmed') summary.revenue_cents += toCents(booking.total_price);
    summary.received_cents += toCents(booking.paid_amount) - toCents(booking.refund_amount);
    if (booking.refund_status === 'pending') {
      summary.refunds_pending += 1;
      summary.refunds_pending_cents += toCents(booking.refund_amount);
    }
    if (booking.refund_status === 'failed') summary.refunds_failed += 1;
  }
  return summary;
}

export interface BookingFilter {
  /** Matches the guest's name, e-mail or the booking id, ignoring case. */
  query: string;
  status: BookingStatus | 'all';
}

/** Search by name, e-mail or id (case-insensitive) and filter by status (docs/behaviour.md §2 admin bookings). */
export function filterBookings(bookings: readonly Booking[], { query, status }: BookingFilter): Booking[] {
  const needle = query.trim().toLocaleLowerCase();
  return bookings.filter(
    (booking) =>
      (status === 'all' || booking.status === status) &&
      (!needle ||
        booking.user_name.toLocaleLowerCase().includes(needle) ||
        booking.user_email.toLocaleLowerCase().includes(needle) ||
        booking.id.toLowerCase().includes(needle)),
  );
}

/** The server's order: newest first (`created_at` desc), then by id. */
export const newestFirst = (bookings: readonly Booking[]): Booking[] =>
  [...bookings].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));

const isStatus = (value: string | null): value is BookingStatus =>
  value === 'confirmed' || value === 'pending' || value === 'cancelled';

/** GET /admin/bookings?status=&q=&limit=&offset=: one page, and the matching total in `X-Total-Count`. */
export function bookingsPage(bookings: readonly Booking[], query: URLSearchParams) {
  const status = query.get('status');
  const matching = filterBookings(newestFirst(bookings), { query: query.get('q') ?? '', status: isStatus(status) ? status : 'all' });
  const offset = Number(query.get('offset') ?? 0);
  const limit = query.has('limit') ? Number(query.get('limit')) : matching.length;
  return { body: matching.slice(offset, offset + limit), headers: { 'X-Total-Count': String(matching.length) } };
}

/**
 * GET /admin/availability's bookings: the non-cancelled ones that cover today, arrive within the next 7 days or are
 * a room's next booking.
 */
export function availabilityBookings(bookings: readonly Booking[], today: string): Booking[] {
  const next = new Set(nextBookingByRoom(bookings, today).values());
  return bookings.filter((booking) => coversDay(booking, today) || isUpcomingCheckIn(booking, today) || next.has(booking));
}
