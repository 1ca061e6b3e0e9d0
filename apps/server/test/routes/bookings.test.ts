import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, type AuthResponse, type Booking, type Property, type Room } from '@roomweek/contract';
import { bookings } from '../../src/db/schema.ts';
import { bearer, book, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { expectError, expectRefused, expireHold } from '../support.ts';

describe('bookings routes', () => {
  const t = useAdminApp();
  let guest: AuthResponse;
  let property: Property;
  const db = () => t.database.handle.db;
  const newRoom = (overrides: Record<string, unknown> = {}) => createRoom(t.app, t.admin, property.id, overrides);
  const cancel = (id: string, token?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/cancel`, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    guest = await registerUser(t.app, { first_name: 'Ana', name: 'Silva' });
    property = await createProperty(t.app, t.admin, { name: 'Booking House' });
  });

  describe('POST /api/bookings', () => {
    it('books on site: confirmed at once, no hold, with the guest, room and property on the booking', async () => {
      const room = await newRoom({ room_number: 'B-1', price_per_week: 350 });
      const response = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17), payment_method: 'on_site' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        room_id: room.id,
        user_name: 'Ana Silva',
        user_email: guest.user.email,
        start_date: siteDate(10),
        end_date: siteDate(17),
        adults: 1,
        children: 0,
        source: 'web',
        total_price: 350,
        // The price as it was made, line by line: the rent alone here (docs/behaviour.md §18).
        price_lines: [
          { label: 'Standard price: 7 nights at €350.00/week', kind: 'standard', start_date: siteDate(10), end_date: siteDate(17), nights: 7, price_per_week: 350, amount: 350 },
        ],
        rent_total: 350,
        fees_total: 0,
        taxes_total: 0,
        vat_included: 0,
        status: 'confirmed',
        payment_method: 'on_site',
        cancel_reason: null,
        paid_amount: 0,
        refund_amount: 0,
        refund_status: 'none',
        failed_refund_amount: 0,
        cancellation_policy: { free_until_days: 14, late_refund_percent: 50 },
        // On site: no schedule (the owner records what comes).
        deposit_amount: 350,
        balance_amount: 0,
        balance_due_date: null,
        balance_status: 'none',
        balance_auto_charge: false,
        free_cancellation_until: siteDate(-4),
        cancelled_by: null,
        hold_expires_at: null,
        created_at: expect.any(String),
        room_number: 'B-1',
        property_id: property.id,
        property_name: 'Booking House',
        text_languages: { property_name: 'fr' },
        check_in_status: 'not_started',
        billing: null,
      });
    });

    it.each(['stripe', 'paypal'])('books with %s: pending, holding the dates for 30 minutes', async (method) => {
      const room = await newRoom();
      const response = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17), payment_method: method });
      expect(response.statusCode).toBe(201);
      const booking = response.json<Booking>();
      expect(booking).toMatchObject({ status: 'pending', payment_method: method });
      const holdMs = Date.parse(booking.hold_expires_at!) - Date.now();
      expect(holdMs).toBeGreaterThan(29 * 60_000);
      expect(holdMs).toBeLessThanOrEqual(30 * 60_000 + 5_000);
      // The hold takes the dates.
      await expectRefused(db(), () => book(t.app, guest.token, { room_id: room.id, start_date: siteDate(12), end_date: siteDate(14) }), 409, 'room_unavailable');
    });

    it.each([
      [3, 350, 350],
      [7, 350, 350],
      [10, 350, 500],
      [14, 350, 700],
      [1, 295.5, 295.5],
      [7, 295.5, 295.5],
      [10, 295.5, 422.14],
      [14, 295.5, 591],
      [11, 99.99, 157.13],
      [30, 0, 0],
    ])('prices %i days at %d/week as %d (server price, cents)', async (days, pricePerWeek, total) => {
      const room = await newRoom({ price_per_week: pricePerWeek });
      const response = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(5 + days) });
      expect(response.statusCode).toBe(201);
      const booking = response.json<Booking>();
      expect(booking.total_price).toBe(total);
      const [row] = await db().select({ cents: bookings.totalCents }).from(bookings).where(eq(bookings.id, booking.id));
      expect(row!.cents).toBe(Math.round(total * 100));
    });

    it('ignores any price, status or owner the client sends', async () => {
      const room = await newRoom({ price_per_week: 700 });
      const other = await registerUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: bearer(guest.token),
        payload: {
          room_id: room.id,
          start_date: siteDate(5),
          end_date: siteDate(12),
          payment_method: 'stripe',
          total_price: 1,
          total_cents: 1,
          status: 'confirmed',
          user_id: other.user.id,
          user_email: other.user.email,
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ total_price: 700, status: 'pending', user_email: guest.user.email });
    });

    it('accepts ISO timestamps and keeps the calendar date seen in the site’s time zone, with no day shift', async () => {
      const room = await newRoom();
      const start = siteDate(20);
      const end = siteDate(27);
      // Noon UTC is the same date in Brussels; 23:30 UTC the day before is already the next day there.
      const response = await book(t.app, guest.token, { room_id: room.id, start_date: `${start}T12:00:00.000Z`, end_date: `${addDays(end, -1)}T23:30:00Z` });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ start_date: start, end_date: end });
      const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
      expect(mine.find((b) => b.id === response.json<Booking>().id)).toMatchObject({ start_date: start, end_date: end });
      const nights = (await t.app.inject({ url: `/api/rooms/${room.id}/availability` })).json();
      expect(nights.bookings).toEqual([{ start_date: start, end_date: end }]);
      // A browser west of UTC sends local midnight with its offset: still the same calendar dates.
      const second = await newRoom();
      const west = await book(t.app, guest.token, { room_id: second.id, start_date: `${start}T00:00:00-05:00`, end_date: `${end}T00:00:00-05:00` });
      expect(west.json()).toMatchObject({ start_date: start, end_date: end });
    });

    it('accepts a stay starting today', async () => {
      const room = await newRoom();
      expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(0), end_date: siteDate(7) })).statusCode).toBe(201);
    });

    it('accepts back-to-back stays: a departure day is the next arrival day', async () => {
      const room = await newRoom();
      const other = await registerUser(t.app);
      expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) })).statusCode).toBe(201);
      expect((await book(t.app, other.token, { room_id: room.id, start_date: siteDate(17), end_date: siteDate(24) })).statusCode).toBe(201);
      expect((await book(t.app, other.token, { room_id: room.id, start_date: siteDate(3), end_date: siteDate(10) })).statusCode).toBe(201);
      expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(24), end_date: siteDate(25), payment_method: 'stripe' })).statusCode).toBe(201);
    });

    it('refuses every kind of overlap (409 room_unavailable), whoever asks, and stores nothing', async () => {
      const room = await newRoom();
      const other = await registerUser(t.app);
      expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) })).statusCode).toBe(201);
      for (const [start, end] of [
        [10, 17], // the same stay
        [12, 14], // inside
        [8, 11], // over the arrival
        [16, 20], // over the departure
        [5, 25], // around
        [16, 17], // the last night
        [10, 11], // the first night
      ] as const) {
        for (const token of [guest.token, other.token, t.admin]) {
          const response = await expectRefused(
            db(),
            () => book(t.app, token, { room_id: room.id, start_date: siteDate(start), end_date: siteDate(end) }),
            409,
            'room_unavailable',
          );
          expect(response.json()).toEqual({ detail: 'Room not available for these dates', code: 'room_unavailable' });
        }
      }
      // The same dates in another room are free.
      const second = await newRoom();
      expect((await book(t.app, other.token, { room_id: second.id, start_date: siteDate(10), end_date: siteDate(17) })).statusCode).toBe(201);
    });

    it('frees the dates of a cancelled booking', async () => {
      const room = await newRoom();
      const first = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) })).json<Booking>();
      expect((await cancel(first.id, guest.token)).statusCode).toBe(200);
      const other = await registerUser(t.app);
      const again = await book(t.app, other.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ status: 'confirmed' });
    });

    it('frees the dates of an expired hold, which becomes cancelled (expired)', async () => {
      const room = await newRoom();
      const hold = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17), payment_method: 'stripe' })).json<Booking>();
      await expireHold(db(), hold.id);
      const other = await registerUser(t.app);
      expect((await book(t.app, other.token, { room_id: room.id, start_date: siteDate(12), end_date: siteDate(19) })).statusCode).toBe(201);
      const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
      expect(mine.find((b) => b.id === hold.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
    });

    it('refuses anonymous callers (401) and bad tokens (401)', async () => {
      const room = await newRoom();
      const payload = { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12), payment_method: 'on_site' };
      await expectRefused(db(), () => t.app.inject({ method: 'POST', url: '/api/bookings', payload }), 401, 'unauthorized');
      await expectRefused(db(), () => t.app.inject({ method: 'POST', url: '/api/bookings', payload, headers: bearer('x.y.z') }), 401, 'invalid_token');
    });

    it('refuses an unknown room (404 room_not_found)', async () => {
      await expectRefused(db(), () => book(t.app, guest.token, { room_id: randomUUID(), start_date: siteDate(5), end_date: siteDate(12) }), 404, 'room_not_found');
    });

    it('refuses dates in the wrong order, in the past, too long or too far ahead (400 with its code)', async () => {
      const room = await newRoom();
      const attempt = (start: string, end: string) => () => book(t.app, guest.token, { room_id: room.id, start_date: start, end_date: end });
      await expectRefused(db(), attempt(siteDate(10), siteDate(5)), 400, 'invalid_dates');
      await expectRefused(db(), attempt(siteDate(10), siteDate(10)), 400, 'invalid_dates');
      await expectRefused(db(), attempt(siteDate(-1), siteDate(6)), 400, 'date_in_past');
      await expectRefused(db(), attempt('2020-01-01', '2020-01-08'), 400, 'date_in_past');
      await expectRefused(db(), attempt(siteDate(1), siteDate(1 + 366)), 400, 'stay_too_long');
      await expectRefused(db(), attempt(siteDate(800), siteDate(807)), 400, 'booking_too_far');
    });

    const badBodies: Array<[string, Record<string, unknown>]> = [
      ['no room_id', { room_id: undefined }],
      ['a malformed room_id', { room_id: 'room-1' }],
      ['no start_date', { start_date: undefined }],
      ['an impossible date', { start_date: '2031-02-30' }],
      ['a month 13', { end_date: '2031-13-01' }],
      ['a date in another format', { start_date: '05/06/2031' }],
      ['a date as a number', { start_date: 20310605 }],
      ['a timestamp without zone', { start_date: '2031-06-05T10:00:00' }],
      ['a date with garbage after it', { start_date: '2031-06-05; drop table bookings' }],
      ['a far too long date string', { start_date: `2031-06-05T00:00:00.${'0'.repeat(60)}Z` }],
      ['no payment_method', { payment_method: undefined }],
      ['an unknown payment_method', { payment_method: 'cash' }],
      ['payment_method in upper case', { payment_method: 'STRIPE' }],
    ];
    it.each(badBodies)('refuses %s (400 validation_error) and stores nothing', async (_label, change) => {
      const room = await newRoom();
      const payload: Record<string, unknown> = { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12), payment_method: 'on_site', ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete payload[key];
      await expectRefused(db(), () => t.app.inject({ method: 'POST', url: '/api/bookings', headers: bearer(guest.token), payload }), 400, 'validation_error');
    });
  });

  describe('GET /api/bookings', () => {
    it('answers only the caller’s own bookings, as a bare array', async () => {
      const room = await newRoom();
      const me = await registerUser(t.app);
      const someoneElse = await registerUser(t.app);
      const mine = (await book(t.app, me.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12) })).json<Booking>();
      await book(t.app, someoneElse.token, { room_id: room.id, start_date: siteDate(12), end_date: siteDate(19) });
      const response = await t.app.inject({ url: '/api/bookings', headers: bearer(me.token) });
      expect(response.statusCode).toBe(200);
      // The guest's own list adds the arrival instructions: none before ARRIVAL_INSTRUCTIONS_DAYS (decision 0038).
      expect(response.json()).toEqual([{ ...mine, arrival_instructions: null }]);
      expect((await t.app.inject({ url: '/api/bookings', headers: bearer((await registerUser(t.app)).token) })).json()).toEqual([]);
    });

    it('refuses anonymous callers (401)', async () => {
      expectError(await t.app.inject({ url: '/api/bookings' }), 401, 'unauthorized');
    });
  });

  describe('PUT /api/bookings/:id/cancel', () => {
    let room: Room;
    beforeAll(async () => {
      room = await newRoom();
    });
    let day = 100;
    const stay = async (token: string, method = 'on_site') => {
      day += 7;
      return (await book(t.app, token, { room_id: room.id, start_date: siteDate(day), end_date: siteDate(day + 7), payment_method: method })).json<Booking>();
    };

    it('lets a guest cancel their own booking, confirmed or pending; it is kept as cancelled', async () => {
      for (const method of ['on_site', 'stripe']) {
        const booking = await stay(guest.token, method);
        const response = await cancel(booking.id, guest.token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: booking.id, status: 'cancelled', cancel_reason: 'user' });
        const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
        expect(row!.cancelledAt).toBeInstanceOf(Date);
      }
    });

    it('lets an admin cancel anyone’s booking', async () => {
      const booking = await stay(guest.token);
      const response = await cancel(booking.id, t.admin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'admin' });
    });

    it('refuses another user’s booking (403 forbidden) and leaves it as it was', async () => {
      const booking = await stay(guest.token);
      const intruder = await registerUser(t.app);
      await expectRefused(db(), () => cancel(booking.id, intruder.token), 403, 'forbidden');
      const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
      expect(mine.find((b) => b.id === booking.id)!.status).toBe('confirmed');
    });

    it('refuses a booking already cancelled (409 booking_already_cancelled)', async () => {
      const booking = await stay(guest.token);
      expect((await cancel(booking.id, guest.token)).statusCode).toBe(200);
      await expectRefused(db(), () => cancel(booking.id, guest.token), 409, 'booking_already_cancelled');
      await expectRefused(db(), () => cancel(booking.id, t.admin), 409, 'booking_already_cancelled');
    });

    it('refuses anonymous callers (401), unknown bookings (404) and malformed ids (400)', async () => {
      const booking = await stay(guest.token);
      await expectRefused(db(), () => cancel(booking.id), 401, 'unauthorized');
      await expectRefused(db(), () => cancel(booking.id, 'garbage'), 401, 'invalid_token');
      await expectRefused(db(), () => cancel(randomUUID(), guest.token), 404, 'booking_not_found');
      await expectRefused(db(), () => cancel('12345', guest.token), 400, 'validation_error');
    });
  });

  describe('GET /api/bookings/all (admin)', () => {
    it('answers every booking with its room number and property name', async () => {
      const room = await newRoom({ room_number: 'ALL-1' });
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      const first = (await book(t.app, a.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12) })).json<Booking>();
      const second = (await book(t.app, b.token, { room_id: room.id, start_date: siteDate(12), end_date: siteDate(19), payment_method: 'paypal' })).json<Booking>();
      const response = await t.app.inject({ url: '/api/bookings/all', headers: bearer(t.admin) });
      expect(response.statusCode).toBe(200);
      const all = response.json<Booking[]>();
      expect(all).toContainEqual(first);
      expect(all).toContainEqual(second);
      expect(all.find((x) => x.id === first.id)).toMatchObject({ room_number: 'ALL-1', property_name: 'Booking House', user_email: a.user.email });
    });

    it('refuses anonymous callers (401) and clients (403)', async () => {
      expectError(await t.app.inject({ url: '/api/bookings/all' }), 401, 'unauthorized');
      expectError(await t.app.inject({ url: '/api/bookings/all', headers: bearer(guest.token) }), 403, 'forbidden');
    });
  });
});
