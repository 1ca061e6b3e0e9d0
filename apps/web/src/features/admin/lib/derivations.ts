import { addDays, type Booking, type BookingStatus, type Room } from '@roomweek/contract';

/**
 * The admin screens' rules (SPEC §4 "room and check-in derivations", §2 counters), as pure functions of the
 * bookings and of "today" — the site's calendar day (DESIGN §2), passed in so tests can fix it. Dates are
 * `YYYY-MM-DD` strings, which compare correctly as strings; no `Date` object is involved.
 */

/** SPEC §9: the upcoming check-in window. */
export const UPCOMING_WINDOW_DAYS = 7;

const isActive = (booking: Booking) => booking.status !== 'cancelled';

/**
 * Occupied today. Decision: a stay covers its departure day too — `start_date <= today <= end_date`.
 * SPEC §4 says "from the start of its start day to the end of its end day", and SPEC wins over DESIGN's
 * night-based `[start, end)` where they differ: on departure day the guest is still in the room until
 * check-out, so the admin sees it occupied (the screen adds "departs today"). Nights stay `[start, end)` for
 * booking, so a new guest may still arrive that day.
 */
export function coversDay(booking: Booking, day: string): boolean {
  return isActive(booking) && booking.start_date <= day && day <= booking.end_date;
}

/**
 * Upcoming check-in. Decision: arrivals from today (included) over 7 calendar days —
 * `today <= start_date < today + 7` — so today's arrivals, still to welcome, are listed, and the window
 * is exactly seven days long.
 */
export function isUpcomingCheckIn(booking: Booking, today: string): boolean {
  return isActive(booking) && today <= booking.start_date && booking.start_date < addDays(today, UPCOMING_WINDOW_DAYS);
}

/** Upcoming check-ins, soonest first (then by property and room). */
export function upcomingCheckIns(bookings: readonly Booking[], today: string): Booking[] {
  return bookings
    .filter((booking) => isUpcomingCheckIn(booking, today))
    .sort(
      (a, b) =>
        a.start_date.localeCompare(b.start_date) ||
        a.property_name.localeCompare(b.property_name) ||
        a.room_number.localeCompare(b.room_number, undefined, { numeric: true }),
    );
}

/**
 * Next booking of each room: the earliest non-cancelled booking starting after today (`start_date > today`).
 * A stay starting today has begun ("after now"): it makes the room occupied instead.
 */
export function nextBookingByRoom(bookings: readonly Booking[], today: string): Map<string, Booking> {
  const next = new Map<string, Booking>();
  for (const booking of bookings) {
    if (!isActive(booking) || booking.start_date <= today) continue;
    const current = next.get(booking.room_id);
    if (!current || booking.start_date < current.start_date) next.set(booking.room_id, booking);
  }
  return next;
}

/** The booking that makes each room occupied today (the one arriving latest, if a departure and an arrival meet). */
export function occupyingBookingByRoom(bookings: readonly Booking[], today: string): Map<string, Booking> {
  const occupying = new Map<string, Booking>();
  for (const booking of bookings) {
    if (!coversDay(booking, today)) continue;
    const current = occupying.get(booking.room_id);
    if (!current || booking.start_date > current.start_date) occupying.set(booking.room_id, booking);
  }
  return occupying;
}

/** Euros → integer cents, so that sums of prices do not drift (0.1 + 0.2). */
export const toCents = (euros: number) => Math.round(euros * 100);

export interface BookingTotals {
  total: number;
  confirmed: number;
  pending: number;
  cancelled: number;
  /** Sum of `total_price` of confirmed bookings (SPEC §2, §9), in cents. */
  revenueCents: number;
  /** Bookings whose payment must be refunded (paid for dates already taken): shown apart from revenue. */
  refundsPending: number;
  refundsPendingCents: number;
}

export function bookingTotals(bookings: readonly Booking[]): BookingTotals {
  const totals: BookingTotals = {
    total: bookings.length,
    confirmed: 0,
    pending: 0,
    cancelled: 0,
    revenueCents: 0,
    refundsPending: 0,
    refundsPendingCents: 0,
  };
  for (const booking of bookings) {
    totals[booking.status] += 1;
    if (booking.status === 'confirmed') totals.revenueCents += toCents(booking.total_price);
    if (booking.refund_status === 'pending') {
      totals.refundsPending += 1;
      totals.refundsPendingCents += toCents(booking.total_price);
    }
  }
  return totals;
}

export type StatusFilter = BookingStatus | 'all';

export interface BookingFilter {
  /** Matches the guest's name, e-mail or the booking id, ignoring case. */
  query: string;
  status: StatusFilter;
}

/** SPEC §2 admin bookings: search by name, e-mail or id (case-insensitive) and filter by status. */
export function filterBookings(bookings: readonly Booking[], { query, status }: BookingFilter): Booking[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle && status === 'all') return bookings.slice();
  return bookings.filter(
    (booking) =>
      (status === 'all' || booking.status === status) &&
      (!needle ||
        booking.user_name.toLocaleLowerCase().includes(needle) ||
        booking.user_email.toLocaleLowerCase().includes(needle) ||
        booking.id.toLowerCase().includes(needle)),
  );
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based position of the first and last item shown (0 when empty). */
  from: number;
  to: number;
}

export function paginate<T>(list: readonly T[], page: number, pageSize: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(list.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const start = (current - 1) * pageSize;
  const items = list.slice(start, start + pageSize);
  return {
    items,
    page: current,
    pageCount,
    total: list.length,
    from: items.length ? start + 1 : 0,
    to: start + items.length,
  };
}

export interface RoomAvailability {
  room: Room;
  occupied: boolean;
  /** The stay that makes the room occupied today, if any. */
  current: Booking | undefined;
  /** The current stay ends today (the guest checks out). */
  departsToday: boolean;
  next: Booking | undefined;
}

export interface AvailabilityOverview {
  rooms: RoomAvailability[];
  counts: { rooms: number; available: number; occupied: number; upcoming: number };
  upcoming: Booking[];
}

/**
 * The availability screen (SPEC §2): every room with its state today and its next booking, the four counters
 * and the check-ins of the next 7 days — all limited to one property when `propertyId` is set.
 */
export function availabilityOverview(
  rooms: readonly Room[],
  bookings: readonly Booking[],
  today: string,
  propertyId: string | null = null,
): AvailabilityOverview {
  const shownRooms = propertyId ? rooms.filter((room) => room.property_id === propertyId) : rooms.slice();
  const shownBookings = propertyId ? bookings.filter((booking) => booking.property_id === propertyId) : bookings;
  const occupying = occupyingBookingByRoom(shownBookings, today);
  const next = nextBookingByRoom(shownBookings, today);
  const rows = shownRooms.map((room): RoomAvailability => {
    const current = occupying.get(room.id);
    return {
      room,
      occupied: current !== undefined,
      current,
      departsToday: current?.end_date === today,
      next: next.get(room.id),
    };
  });
  const occupied = rows.filter((row) => row.occupied).length;
  const upcoming = upcomingCheckIns(shownBookings, today);
  return {
    rooms: rows,
    counts: { rooms: rows.length, available: rows.length - occupied, occupied, upcoming: upcoming.length },
    upcoming,
  };
}
