import type { Booking, Room } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import {
  availabilityOverview,
  bookingTotals,
  coversDay,
  filterBookings,
  isUpcomingCheckIn,
  nextBookingByRoom,
  paginate,
  upcomingCheckIns,
} from './derivations';

const ROOM_A = '00000000-0000-4000-8000-00000000000a';
const ROOM_B = '00000000-0000-4000-8000-00000000000b';
const PROPERTY_1 = '00000000-0000-4000-8000-000000000001';
const PROPERTY_2 = '00000000-0000-4000-8000-000000000002';

let sequence = 0;
function booking(overrides: Partial<Booking> = {}): Booking {
  sequence += 1;
  return {
    id: `b${String(sequence).padStart(7, '0')}-0000-4000-8000-000000000000`,
    room_id: ROOM_A,
    user_name: 'Alice Martin',
    user_email: 'alice@example.com',
    start_date: '2026-03-01',
    end_date: '2026-03-08',
    total_price: 100,
    status: 'confirmed',
    payment_method: 'on_site',
    cancel_reason: null,
    refund_status: null,
    hold_expires_at: null,
    created_at: '2026-02-01T10:00:00.000Z',
    room_number: '101',
    property_id: PROPERTY_1,
    property_name: 'Maison Bleue',
    ...overrides,
  };
}

function room(id: string, propertyId: string, number: string): Room {
  return { id, property_id: propertyId, room_number: number, price_per_week: 100, amenities: [], photos: [] };
}

describe('occupied today (start_date <= today <= end_date, non-cancelled)', () => {
  const today = '2026-03-31';

  it('covers a stay that started before today and ends after it', () => {
    expect(coversDay(booking({ start_date: '2026-03-25', end_date: '2026-04-02' }), today)).toBe(true);
  });

  it('covers a stay that starts today', () => {
    expect(coversDay(booking({ start_date: today, end_date: '2026-04-07' }), today)).toBe(true);
  });

  it('covers a stay that ends today (departure day still counts, SPEC §4)', () => {
    expect(coversDay(booking({ start_date: '2026-03-24', end_date: today }), today)).toBe(true);
  });

  it('does not cover a stay that ended yesterday or starts tomorrow', () => {
    expect(coversDay(booking({ start_date: '2026-03-23', end_date: '2026-03-30' }), today)).toBe(false);
    expect(coversDay(booking({ start_date: '2026-04-01', end_date: '2026-04-08' }), today)).toBe(false);
  });

  it('ignores cancelled stays but counts pending ones', () => {
    expect(coversDay(booking({ start_date: '2026-03-30', end_date: '2026-04-06', status: 'cancelled' }), today)).toBe(false);
    expect(coversDay(booking({ start_date: '2026-03-30', end_date: '2026-04-06', status: 'pending' }), today)).toBe(true);
  });

  it('uses the site day it is given: the same stay is over the next day', () => {
    const stay = booking({ start_date: '2026-03-24', end_date: '2026-03-31' });
    expect(coversDay(stay, '2026-03-31')).toBe(true);
    expect(coversDay(stay, '2026-04-01')).toBe(false);
  });
});

describe('upcoming check-ins (today <= start_date < today + 7)', () => {
  const today = '2026-12-28';

  it('includes arrivals today and on the 6 following days, across a year boundary', () => {
    expect(isUpcomingCheckIn(booking({ start_date: '2026-12-28', end_date: '2027-01-04' }), today)).toBe(true);
    expect(isUpcomingCheckIn(booking({ start_date: '2027-01-03', end_date: '2027-01-10' }), today)).toBe(true);
  });

  it('excludes the 7th day after today and any past arrival', () => {
    expect(isUpcomingCheckIn(booking({ start_date: '2027-01-04', end_date: '2027-01-11' }), today)).toBe(false);
    expect(isUpcomingCheckIn(booking({ start_date: '2026-12-27', end_date: '2027-01-03' }), today)).toBe(false);
  });

  it('excludes cancelled bookings and sorts the rest soonest first', () => {
    const list = [
      booking({ start_date: '2026-12-31', end_date: '2027-01-07', room_number: '2' }),
      booking({ start_date: '2026-12-29', end_date: '2027-01-05', status: 'cancelled' }),
      booking({ start_date: '2026-12-29', end_date: '2027-01-05', room_number: '10' }),
      booking({ start_date: '2026-12-29', end_date: '2027-01-05', room_number: '9' }),
    ];
    expect(upcomingCheckIns(list, today).map((b) => `${b.start_date}/${b.room_number}`)).toEqual([
      '2026-12-29/9',
      '2026-12-29/10',
      '2026-12-31/2',
    ]);
  });
});

describe('next booking of a room (earliest non-cancelled with start_date > today)', () => {
  const today = '2026-06-15';

  it('picks the earliest future stay per room, skipping cancelled and current ones', () => {
    const list = [
      booking({ room_id: ROOM_A, start_date: '2026-06-10', end_date: '2026-06-20' }),
      booking({ room_id: ROOM_A, start_date: '2026-06-15', end_date: '2026-06-22' }),
      booking({ room_id: ROOM_A, start_date: '2026-07-01', end_date: '2026-07-08' }),
      booking({ room_id: ROOM_A, start_date: '2026-06-16', end_date: '2026-06-23', status: 'cancelled' }),
      booking({ room_id: ROOM_A, start_date: '2026-06-25', end_date: '2026-07-01', status: 'pending' }),
      booking({ room_id: ROOM_B, start_date: '2026-06-16', end_date: '2026-06-23' }),
    ];
    const next = nextBookingByRoom(list, today);
    expect(next.get(ROOM_A)?.start_date).toBe('2026-06-25');
    expect(next.get(ROOM_B)?.start_date).toBe('2026-06-16');
  });

  it('has no next booking when every stay is past, current or cancelled', () => {
    const list = [
      booking({ start_date: '2026-06-01', end_date: '2026-06-15' }),
      booking({ start_date: '2026-06-15', end_date: '2026-06-22' }),
      booking({ start_date: '2026-08-01', end_date: '2026-08-08', status: 'cancelled' }),
    ];
    expect(nextBookingByRoom(list, today).has(ROOM_A)).toBe(false);
  });
});

describe('totals and revenue', () => {
  it('counts each status and sums only confirmed totals, to the cent', () => {
    const totals = bookingTotals([
      booking({ total_price: 0.1 }),
      booking({ total_price: 0.2 }),
      booking({ total_price: 1234.56 }),
      booking({ total_price: 500, status: 'pending' }),
      booking({ total_price: 700, status: 'cancelled' }),
    ]);
    expect(totals).toMatchObject({ total: 5, confirmed: 3, pending: 1, cancelled: 1, revenueCents: 123486 });
    expect(totals.refundsPending).toBe(0);
  });

  it('is zero for no bookings', () => {
    expect(bookingTotals([])).toMatchObject({ total: 0, revenueCents: 0 });
  });

  it('sets apart the payments waiting for a refund', () => {
    const totals = bookingTotals([
      booking({ total_price: 250, status: 'cancelled', refund_status: 'pending' }),
      booking({ total_price: 90, status: 'cancelled', refund_status: 'refunded' }),
    ]);
    expect(totals).toMatchObject({ revenueCents: 0, refundsPending: 1, refundsPendingCents: 25000 });
  });
});

describe('search and status filter', () => {
  const list = [
    booking({ id: 'aaaa1111-0000-4000-8000-000000000001', user_name: 'Élodie Dupont', user_email: 'elodie@Mail.com' }),
    booking({ id: 'bbbb2222-0000-4000-8000-000000000002', user_name: 'Bob Stone', user_email: 'bob@example.com', status: 'pending' }),
    booking({ id: 'cccc3333-0000-4000-8000-000000000003', user_name: 'Carla Bob', user_email: 'carla@example.com', status: 'cancelled' }),
  ];
  const ids = (result: Booking[]) => result.map((b) => b.id.slice(0, 4));

  it('matches name, e-mail or id whatever the case, ignoring surrounding spaces', () => {
    expect(ids(filterBookings(list, { query: 'ÉLODIE', status: 'all' }))).toEqual(['aaaa']);
    expect(ids(filterBookings(list, { query: 'mail.COM', status: 'all' }))).toEqual(['aaaa']);
    expect(ids(filterBookings(list, { query: '  BBBB2222 ', status: 'all' }))).toEqual(['bbbb']);
    expect(ids(filterBookings(list, { query: 'bob', status: 'all' }))).toEqual(['bbbb', 'cccc']);
  });

  it('filters by status, alone or with a search', () => {
    expect(ids(filterBookings(list, { query: '', status: 'cancelled' }))).toEqual(['cccc']);
    expect(ids(filterBookings(list, { query: 'bob', status: 'pending' }))).toEqual(['bbbb']);
    expect(ids(filterBookings(list, { query: 'nobody', status: 'all' }))).toEqual([]);
    expect(filterBookings(list, { query: '', status: 'all' })).toHaveLength(3);
  });

  it('filters 5,000 bookings by name and status together', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      booking({ user_name: `Guest ${i}`, user_email: `guest${i}@example.com`, status: i % 3 ? 'confirmed' : 'pending' }),
    );
    const result = filterBookings(many, { query: 'guest 49', status: 'confirmed' });
    // "Guest 49", "Guest 490"…"Guest 499" and "Guest 4900"…"Guest 4999": 111 names, of which the confirmed ones.
    const expected = many.filter((b) => /^Guest 49/.test(b.user_name) && b.status === 'confirmed');
    expect(result).toHaveLength(expected.length);
    expect(result.length).toBeGreaterThan(0);
  });
});

describe('pagination', () => {
  const list = Array.from({ length: 120 }, (_, i) => i + 1);

  it('slices pages and clamps out-of-range pages', () => {
    expect(paginate(list, 1, 50)).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 50 });
    expect(paginate(list, 3, 50)).toMatchObject({ page: 3, from: 101, to: 120 });
    expect(paginate(list, 3, 50).items).toHaveLength(20);
    expect(paginate(list, 9, 50).page).toBe(3);
    expect(paginate([], 2, 50)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, items: [] });
  });
});

describe('availability overview', () => {
  const today = '2026-03-31';
  const rooms = [room(ROOM_A, PROPERTY_1, '101'), room(ROOM_B, PROPERTY_2, '201')];
  const bookings = [
    booking({ room_id: ROOM_A, property_id: PROPERTY_1, start_date: '2026-03-24', end_date: today }),
    booking({ room_id: ROOM_A, property_id: PROPERTY_1, start_date: '2026-04-03', end_date: '2026-04-10' }),
    booking({ room_id: ROOM_B, property_id: PROPERTY_2, start_date: today, end_date: '2026-04-07', status: 'cancelled' }),
    booking({ room_id: ROOM_B, property_id: PROPERTY_2, start_date: '2026-04-06', end_date: '2026-04-13' }),
  ];

  it('marks rooms occupied or available, with the next booking and the counters', () => {
    const overview = availabilityOverview(rooms, bookings, today);
    expect(overview.counts).toEqual({ rooms: 2, available: 1, occupied: 1, upcoming: 2 });
    const [a, b] = overview.rooms;
    expect(a).toMatchObject({ occupied: true, departsToday: true });
    expect(a?.next?.start_date).toBe('2026-04-03');
    expect(b).toMatchObject({ occupied: false, departsToday: false });
    expect(b?.next?.start_date).toBe('2026-04-06');
  });

  it('limits rooms, counters and check-ins to the chosen property', () => {
    const overview = availabilityOverview(rooms, bookings, today, PROPERTY_2);
    expect(overview.rooms.map((row) => row.room.room_number)).toEqual(['201']);
    expect(overview.counts).toEqual({ rooms: 1, available: 1, occupied: 0, upcoming: 1 });
  });

  it('frees the room the day after the stay ends', () => {
    expect(availabilityOverview(rooms, bookings, '2026-04-01').counts.occupied).toBe(0);
  });
});
