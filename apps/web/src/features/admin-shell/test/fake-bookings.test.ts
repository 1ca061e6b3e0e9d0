import type { Booking } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { adminBooking } from './admin-fixtures';
import { bookingSummary, bookingsPage } from './fake-bookings';

/** The fake list answers the status, search and page a screen sends, or the screen tests prove nothing. */

describe('summary: counters by status, money as the test gives it', () => {
  it('counts each status, and answers the money figures given', () => {
    const summary = bookingSummary(
      [adminBooking(), adminBooking(), adminBooking(), adminBooking({ status: 'pending' }), adminBooking({ status: 'cancelled' })],
      { revenue_cents: 123486 },
    );
    expect(summary).toMatchObject({ total: 5, confirmed: 3, pending: 1, cancelled: 1, revenue_cents: 123486 });
    expect(summary.refunds_pending).toBe(0);
  });

  it('is zero for no bookings', () => {
    expect(bookingSummary([])).toMatchObject({ total: 0, revenue_cents: 0 });
  });
});

describe('search and status filter', () => {
  const list = [
    adminBooking({ id: 'aaaa1111-0000-4000-8000-000000000001', user_name: 'Élodie Dupont', user_email: 'elodie@Mail.com' }),
    adminBooking({ id: 'bbbb2222-0000-4000-8000-000000000002', user_name: 'Bob Stone', user_email: 'bob@example.com', status: 'pending' }),
    adminBooking({ id: 'cccc3333-0000-4000-8000-000000000003', user_name: 'Carla Bob', user_email: 'carla@example.com', status: 'cancelled' }),
  ];
  const ids = (query: Record<string, string>) =>
    bookingsPage(list, new URLSearchParams(query))
      .body.map((b) => b.id.slice(0, 4))
      .sort();

  it('matches name, e-mail or id whatever the case, ignoring surrounding spaces', () => {
    expect(ids({ q: 'ÉLODIE' })).toEqual(['aaaa']);
    expect(ids({ q: 'mail.COM' })).toEqual(['aaaa']);
    expect(ids({ q: '  BBBB2222 ' })).toEqual(['bbbb']);
    expect(ids({ q: 'bob' })).toEqual(['bbbb', 'cccc']);
  });

  it('filters by status, alone or with a search', () => {
    expect(ids({ status: 'cancelled' })).toEqual(['cccc']);
    expect(ids({ q: 'bob', status: 'pending' })).toEqual(['bbbb']);
    expect(ids({ q: 'nobody' })).toEqual([]);
    expect(ids({})).toHaveLength(3);
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
