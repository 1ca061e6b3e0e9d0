import { addDays, type Booking } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { availabilityOverview } from '../lib/derivations';
import { adminBooking, adminRoom } from './admin-fixtures';
import { availabilityBookings, bookingSummary, bookingsPage, filterBookings } from './fake-bookings';

/** The fake API answers like the server (apps/server/test/routes/admin.test.ts), or the screen tests prove nothing. */

describe('summary: counters and revenue', () => {
  it('counts each status and sums only confirmed totals, to the cent', () => {
    const summary = bookingSummary([
      adminBooking({ total_price: 0.1 }),
      adminBooking({ total_price: 0.2 }),
      adminBooking({ total_price: 1234.56 }),
      adminBooking({ total_price: 500, status: 'pending' }),
      adminBooking({ total_price: 700, status: 'cancelled' }),
    ]);
    expect(summary).toMatchObject({ total: 5, confirmed: 3, pending: 1, cancelled: 1, revenue_cents: 123486 });
    expect(summary.refunds_pending).toBe(0);
  });

  it('is zero for no bookings', () => {
    expect(bookingSummary([])).toMatchObject({ total: 0, revenue_cents: 0 });
  });

  it('sets apart the refunds on their way and the failed ones, and counts what was received less what was refunded', () => {
    const summary = bookingSummary([
      adminBooking({ total_price: 250, status: 'cancelled', paid_amount: 250, refund_amount: 125.5, refund_status: 'pending' }),
      adminBooking({ total_price: 90, status: 'cancelled', paid_amount: 90, refund_amount: 90, refund_status: 'succeeded' }),
      adminBooking({ total_price: 60, status: 'cancelled', paid_amount: 60, refund_amount: 0, refund_status: 'failed' }),
      adminBooking({ total_price: 40, status: 'confirmed', paid_amount: 40 }),
    ]);
    expect(summary).toMatchObject({
      revenue_cents: 4000,
      received_cents: 25000 - 12550 + 6000 + 4000,
      refunds_pending: 1,
      refunds_pending_cents: 12550,
      refunds_failed: 1,
    });
  });
});

describe('search and status filter', () => {
  const list = [
    adminBooking({ id: 'aaaa1111-0000-4000-8000-000000000001', user_name: 'Élodie Dupont', user_email: 'elodie@Mail.com' }),
    adminBooking({ id: 'bbbb2222-0000-4000-8000-000000000002', user_name: 'Bob Stone', user_email: 'bob@example.com', status: 'pending' }),
    adminBooking({ id: 'cccc3333-0000-4000-8000-000000000003', user_name: 'Carla Bob', user_email: 'carla@example.com', status: 'cancelled' }),
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
});

describe('GET /admin/bookings: order, page and total', () => {
  const list = Array.from({ length: 120 }, (_, i) =>
    adminBooking({
      id: `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
      user_name: `Guest ${i}`,
      status: i % 2 ? 'pending' : 'confirmed',
      // Three creation times, so both keys of the order matter.
      created_at: `2030-01-0${1 + (i % 3)}T10:00:00.000Z`,
    }),
  );
  const page = (query: string) => bookingsPage(list, new URLSearchParams(query));

  it('answers newest first, then by id, with the matching total in X-Total-Count', () => {
    const { body, headers } = page('');
    expect(body).toHaveLength(120);
    expect(headers['X-Total-Count']).toBe('120');
    const inOrder = (previous: Booking, next: Booking) =>
      previous.created_at > next.created_at || (previous.created_at === next.created_at && previous.id < next.id);
    expect(body.every((booking, i) => i === 0 || inOrder(body[i - 1] as Booking, booking))).toBe(true);
  });

  it('slices pages with limit and offset, the last one short and past the end empty', () => {
    expect(page('limit=50&offset=0').body).toHaveLength(50);
    expect(page('limit=50&offset=100').body).toHaveLength(20);
    expect(page('limit=50&offset=150').body).toEqual([]);
    expect(page('limit=50&offset=150').headers['X-Total-Count']).toBe('120');
    const pages = [0, 50, 100].flatMap((offset) => page(`limit=50&offset=${offset}`).body);
    expect(pages).toEqual(page('').body);
  });

  it('counts only what matches the status and the search', () => {
    expect(page('status=pending&limit=50').headers['X-Total-Count']).toBe('60');
    expect(page('q=GUEST%2011&status=pending&limit=50').body.map((b) => b.user_name).sort()).toEqual([
      'Guest 11',
      'Guest 111',
      'Guest 113',
      'Guest 115',
      'Guest 117',
      'Guest 119',
    ]);
  });
});

describe('GET /admin/availability: only the bookings the screen needs', () => {
  const today = '2030-04-01';
  const rooms = [adminRoom({ id: 'bbbbbbbb-0000-4000-8000-00000000000a' }), adminRoom({ id: 'bbbbbbbb-0000-4000-8000-00000000000b' })];
  const stays = rooms.flatMap((room, r) =>
    Array.from({ length: 40 }, (_, week) => {
      const start = addDays('2030-01-07', week * 7 + r);
      return adminBooking({
        room_id: room.id,
        start_date: start,
        end_date: addDays(start, 7),
        status: week % 5 === 0 ? 'cancelled' : week % 3 === 0 ? 'pending' : 'confirmed',
      });
    }),
  );

  it('drops cancelled, past and later bookings, yet the screen shows exactly what the full list gives', () => {
    const kept = availabilityBookings(stays, today);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(10);
    expect(kept.every((b) => b.status !== 'cancelled')).toBe(true);
    for (const day of [today, '2030-01-01', '2030-02-28', '2030-10-30']) {
      expect(availabilityOverview(rooms, availabilityBookings(stays, day), day)).toEqual(availabilityOverview(rooms, stays, day));
    }
  });
});
