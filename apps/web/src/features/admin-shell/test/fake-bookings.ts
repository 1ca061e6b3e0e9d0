import { AdminBookingsQuery, BookingSummary, type Booking } from '@roomweek/contract';

/**
 * The fake API's booking list (admin-fixtures.ts), kept to what a screen test drives: the screen sends a status, a
 * search and a page, and needs a list that answers them. The query is read with the contract's schema; the server's
 * own rules (its SQL search, its totals) are tested on the server (apps/server/test/routes/admin.test.ts).
 */

/** A search the fake list answers: the text anywhere in the guest's name, e-mail or the booking's id, any case. */
const matches = (booking: Booking, text: string) =>
  [booking.user_name, booking.user_email, booking.id].some((field) => field.toLocaleLowerCase().includes(text.toLocaleLowerCase()));

/** GET /admin/bookings?status=&q=&limit=&offset=: one page, newest first, and the matching total in `X-Total-Count`. */
export function bookingsPage(bookings: readonly Booking[], query: URLSearchParams) {
  const { status, q = '', limit, offset = 0 } = AdminBookingsQuery.parse(Object.fromEntries(query));
  const matching = bookings
    .filter((booking) => (!status || booking.status === status) && matches(booking, q))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  return { body: matching.slice(offset, offset + (limit ?? matching.length)), headers: { 'X-Total-Count': String(matching.length) } };
}

/**
 * GET /admin/bookings/summary: how many bookings of each status the list holds, so a screen's counters follow a
 * cancel; the money figures are the test's (`money`), as the server would answer them, zero unless given.
 */
export function bookingSummary(bookings: readonly Booking[], money: Partial<BookingSummary> = {}): BookingSummary {
  const count = (status: Booking['status']) => bookings.filter((booking) => booking.status === status).length;
  return BookingSummary.parse({
    total: bookings.length,
    confirmed: count('confirmed'),
    pending: count('pending'),
    cancelled: count('cancelled'),
    revenue_cents: 0,
    received_cents: 0,
    refunds_pending: 0,
    refunds_pending_cents: 0,
    refunds_failed: 0,
    warnings: [],
    ...money,
  });
}
