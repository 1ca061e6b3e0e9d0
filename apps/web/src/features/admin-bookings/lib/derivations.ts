import { addDays, UPCOMING_CHECK_IN_DAYS, type Booking, type Room } from '@roomweek/contract';

/**
 * The availability screen's rules (docs/behaviour.md §4 "room and check-in derivations"), as pure functions of the bookings and
 * of "today" — the site's calendar day (docs/design-notes.md#dates), which GET /admin/availability answers with the bookings these
 * rules need. Dates are `YYYY-MM-DD` strings, which compare correctly as strings; no `Date` object is involved.
 * The counters, the search and the pages of the bookings screen are the server's (GET /admin/bookings, /summary).
 * Which stays count is the server's too: the availability answer holds only bookings that occupy their nights (not
 * cancelled, not a hold past its end: `occupiesNights` in apps/server's booking-nights.ts), so these rules read dates.
 */

/**
 * Occupied today. Decision (docs/decisions/0009): a stay covers its departure day too — `start_date <= today <= end_date`
 * (docs/behaviour.md §4): on departure day the guest is still in the room until check-out, so the admin sees it
 * occupied (the screen adds "departs today"). Nights stay `[start, end)` for booking, so a new guest may still
 * arrive that day.
 */
export function coversDay(booking: Booking, day: string): boolean {
  return booking.start_date <= day && day <= booking.end_date;
}

/**
 * Upcoming check-in. Decision: arrivals from today (included) over 7 calendar days —
 * `today <= start_date < today + 7` — so today's arrivals, still to welcome, are listed, and the window
 * is exactly seven days long.
 */
export function isUpcomingCheckIn(booking: Booking, today: string): boolean {
  return today <= booking.start_date && booking.start_date < addDays(today, UPCOMING_CHECK_IN_DAYS);
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
 * Next booking of each room: the earliest booking starting after today (`start_date > today`).
 * A stay starting today has begun ("after now"): it makes the room occupied instead.
 */
export function nextBookingByRoom(bookings: readonly Booking[], today: string): Map<string, Booking> {
  const next = new Map<string, Booking>();
  for (const booking of bookings) {
    if (booking.start_date <= today) continue;
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
 * The availability screen (docs/behaviour.md §2): every room with its state today and its next booking, the four counters
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
