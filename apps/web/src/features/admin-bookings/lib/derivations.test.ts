import { NO_STAY_RULES, type Booking, type Room } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { booking as fixtureBooking } from '../../../../test/fixtures';
import { availabilityOverview, coversDay, isUpcomingCheckIn, nextBookingByRoom, upcomingCheckIns } from './derivations';

const ROOM_A = '00000000-0000-4000-8000-00000000000a';
const ROOM_B = '00000000-0000-4000-8000-00000000000b';
const PROPERTY_1 = '00000000-0000-4000-8000-000000000001';
const PROPERTY_2 = '00000000-0000-4000-8000-000000000002';
/** Rooms without stay rules, seasons or long-stay tiers. */
const NO_TERMS = { rules: NO_STAY_RULES, seasonal_prices: [], long_stay_discounts: [], fees: null };

let sequence = 0;
/** The shared booking fixture in room A of property 1; what these rules read (dates, status, room, property) set here. */
function booking(overrides: Partial<Booking> = {}): Booking {
  sequence += 1;
  return fixtureBooking({
    id: `b${String(sequence).padStart(7, '0')}-0000-4000-8000-000000000000`,
    room_id: ROOM_A,
    user_name: 'Alice Martin',
    user_email: 'alice@example.com',
    start_date: '2026-03-01',
    end_date: '2026-03-08',
    room_number: '101',
    property_id: PROPERTY_1,
    property_name: 'Maison Bleue',
    ...overrides,
  });
}

function room(id: string, propertyId: string, number: string): Room {
  return { ...NO_TERMS, id, property_id: propertyId, room_number: number, price_per_week: 100, max_guests: 2, amenities: [], text_languages: { amenities: [] }, photos: [] };
}

describe('occupied today (start_date <= today <= end_date)', () => {
  const today = '2026-03-31';

  it('covers a stay that started before today and ends after it', () => {
    expect(coversDay(booking({ start_date: '2026-03-25', end_date: '2026-04-02' }), today)).toBe(true);
  });

  it('covers a stay that starts today', () => {
    expect(coversDay(booking({ start_date: today, end_date: '2026-04-07' }), today)).toBe(true);
  });

  it('covers a stay that ends today (departure day still counts, docs/behaviour.md §4)', () => {
    expect(coversDay(booking({ start_date: '2026-03-24', end_date: today }), today)).toBe(true);
  });

  it('does not cover a stay that ended yesterday or starts tomorrow', () => {
    expect(coversDay(booking({ start_date: '2026-03-23', end_date: '2026-03-30' }), today)).toBe(false);
    expect(coversDay(booking({ start_date: '2026-04-01', end_date: '2026-04-08' }), today)).toBe(false);
  });

  it('counts a pending stay the answer holds (which stays occupy their nights is the server\'s rule)', () => {
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

  it('sorts soonest first, then by room number', () => {
    const list = [
      booking({ start_date: '2026-12-31', end_date: '2027-01-07', room_number: '2' }),
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

describe('next booking of a room (earliest with start_date > today)', () => {
  const today = '2026-06-15';

  it('picks the earliest future stay per room, skipping current ones', () => {
    const list = [
      booking({ room_id: ROOM_A, start_date: '2026-06-10', end_date: '2026-06-20' }),
      booking({ room_id: ROOM_A, start_date: '2026-06-15', end_date: '2026-06-22' }),
      booking({ room_id: ROOM_A, start_date: '2026-07-01', end_date: '2026-07-08' }),
      booking({ room_id: ROOM_A, start_date: '2026-06-25', end_date: '2026-07-01', status: 'pending' }),
      booking({ room_id: ROOM_B, start_date: '2026-06-16', end_date: '2026-06-23' }),
    ];
    const next = nextBookingByRoom(list, today);
    expect(next.get(ROOM_A)?.start_date).toBe('2026-06-25');
    expect(next.get(ROOM_B)?.start_date).toBe('2026-06-16');
  });

  it('has no next booking when every stay is past or current', () => {
    const list = [
      booking({ start_date: '2026-06-01', end_date: '2026-06-15' }),
      booking({ start_date: '2026-06-15', end_date: '2026-06-22' }),
    ];
    expect(nextBookingByRoom(list, today).has(ROOM_A)).toBe(false);
  });
});

describe('availability overview', () => {
  const today = '2026-03-31';
  const rooms = [room(ROOM_A, PROPERTY_1, '101'), room(ROOM_B, PROPERTY_2, '201')];
  const bookings = [
    booking({ room_id: ROOM_A, property_id: PROPERTY_1, start_date: '2026-03-24', end_date: today }),
    booking({ room_id: ROOM_A, property_id: PROPERTY_1, start_date: '2026-04-03', end_date: '2026-04-10' }),
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
