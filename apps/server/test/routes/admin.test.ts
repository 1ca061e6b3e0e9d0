import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Booking } from '@roomweek/contract';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

describe('admin routes', () => {
  let t: TestApp;
  let admin: string;
  let client: AuthResponse;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    client = await registerUser(t.app);
  });
  afterAll(() => t.close());

  describe('GET /api/admin/bookings', () => {
    let zoe: AuthResponse;
    let marc: AuthResponse;
    let confirmed: Booking;
    let pending: Booking;
    let cancelled: Booking;
    const list = (query = '') => t.app.inject({ url: `/api/admin/bookings${query}`, headers: bearer(admin) });
    const ids = (response: Awaited<ReturnType<typeof list>>) => response.json<Booking[]>().map((b) => b.id);

    beforeAll(async () => {
      const property = await createProperty(t.app, admin, { name: 'Admin Villa' });
      const room = await createRoom(t.app, admin, property.id, { room_number: 'V-7', price_per_week: 500 });
      zoe = await registerUser(t.app, { first_name: 'Zoé', name: 'Lambert', email: 'zoe.lambert@example.net' });
      marc = await registerUser(t.app, { first_name: 'Marc', name: 'Peeters', email: 'marc.p@example.be' });
      confirmed = (await book(t.app, zoe.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12) })).json<Booking>();
      pending = (await book(t.app, marc.token, { room_id: room.id, start_date: siteDate(12), end_date: siteDate(19), payment_method: 'stripe' })).json<Booking>();
      cancelled = (await book(t.app, marc.token, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37) })).json<Booking>();
      await t.app.inject({ method: 'PUT', url: `/api/bookings/${cancelled.id}/cancel`, headers: bearer(marc.token) });
    });

    it('answers every booking, newest first, with room number and property name', async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      const all = response.json<Booking[]>();
      expect(all.map((b) => b.id)).toEqual([cancelled.id, pending.id, confirmed.id]);
      expect(all[2]).toMatchObject({ room_number: 'V-7', property_name: 'Admin Villa', user_name: 'Zoé Lambert', user_email: 'zoe.lambert@example.net', total_price: 500 });
      expect(response.headers['x-total-count']).toBe('3');
    });

    it('filters by status', async () => {
      expect(ids(await list('?status=confirmed'))).toEqual([confirmed.id]);
      expect(ids(await list('?status=pending'))).toEqual([pending.id]);
      expect(ids(await list('?status=cancelled'))).toEqual([cancelled.id]);
    });

    it('searches name, e-mail or id, case-insensitively', async () => {
      expect(ids(await list('?q=LAMBERT'))).toEqual([confirmed.id]);
      expect(ids(await list(`?q=${encodeURIComponent('zoé')}`))).toEqual([confirmed.id]);
      expect(ids(await list('?q=marc.p@EXAMPLE'))).toEqual([cancelled.id, pending.id]);
      expect(ids(await list(`?q=${pending.id.slice(0, 8).toUpperCase()}`))).toEqual([pending.id]);
      expect(ids(await list('?q=peeters&status=pending'))).toEqual([pending.id]);
      expect(ids(await list('?q=nobody-at-all'))).toEqual([]);
      // LIKE wildcards are taken literally.
      expect(ids(await list('?q=%25'))).toEqual([]);
      expect(ids(await list('?q=_'))).toEqual([]);
    });

    it('pages with limit and offset and tells the total in X-Total-Count', async () => {
      const first = await list('?limit=2');
      expect(ids(first)).toEqual([cancelled.id, pending.id]);
      expect(first.headers['x-total-count']).toBe('3');
      const second = await list('?limit=2&offset=2');
      expect(ids(second)).toEqual([confirmed.id]);
      expect(second.headers['x-total-count']).toBe('3');
      const beyond = await list('?limit=2&offset=10');
      expect(ids(beyond)).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('3');
      const filtered = await list('?status=cancelled&limit=1');
      expect(filtered.headers['x-total-count']).toBe('1');
      const searched = await list('?q=marc&limit=1');
      expect(ids(searched)).toEqual([cancelled.id]);
      expect(searched.headers['x-total-count']).toBe('2');
    });

    it.each([
      ['an unknown status', '?status=paid'],
      ['a limit of 0', '?limit=0'],
      ['a limit that is not a number', '?limit=ten'],
      ['a fractional limit', '?limit=1.5'],
      ['a limit too large', '?limit=100000'],
      ['a negative offset', '?limit=1&offset=-1'],
      ['a search too long', `?q=${'x'.repeat(101)}`],
    ])('refuses %s (400 validation_error)', async (_label, query) => {
      expectError(await list(query), 400, 'validation_error');
    });

    it('refuses anonymous callers (401), bad tokens (401) and clients (403)', async () => {
      expectError(await t.app.inject({ url: '/api/admin/bookings' }), 401, 'unauthorized');
      expectError(await t.app.inject({ url: '/api/admin/bookings', headers: bearer('nope') }), 401, 'invalid_token');
      expectError(await t.app.inject({ url: '/api/admin/bookings', headers: bearer(client.token) }), 403, 'forbidden');
      expectError(await t.app.inject({ url: '/api/admin/bookings?status=pending', headers: bearer(zoe.token) }), 403, 'forbidden');
    });
  });

  describe('GET and PUT /api/admin/whatsapp-settings', () => {
    const put = (whatsapp_number: unknown, token: string | null = admin) => () =>
      t.app.inject({ method: 'PUT', url: '/api/admin/whatsapp-settings', headers: token ? bearer(token) : {}, payload: { whatsapp_number } });

    it('answers the default number, then the one the admin saves, also in the public config', async () => {
      const initial = await t.app.inject({ url: '/api/admin/whatsapp-settings', headers: bearer(admin) });
      expect(initial.statusCode).toBe(200);
      expect(initial.json()).toEqual({ whatsapp_number: expect.any(String), delivery: 'log' });

      const saved = await put('  +32 470 12 34 56 ')();
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ whatsapp_number: '+32 470 12 34 56', delivery: 'log' });
      expect((await t.app.inject({ url: '/api/admin/whatsapp-settings', headers: bearer(admin) })).json()).toMatchObject({ whatsapp_number: '+32 470 12 34 56' });
      expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({ whatsapp_number: '+32 470 12 34 56' });

      expect((await put('0032-470-123456')()).statusCode).toBe(200);
      // The 00 prefix is saved as +: the chat link and the message go to the digits, which begin with the country code.
      expect((await t.app.inject({ url: '/api/admin/whatsapp-settings', headers: bearer(admin) })).json()).toMatchObject({ whatsapp_number: '+32-470-123456' });
      expect((await put('+1 (415) 555-0100')()).statusCode).toBe(200);
    });

    it.each([
      ['an empty number', ''],
      ['blanks only', '   '],
      ['letters', 'call-me'],
      ['too few digits', '+32 470'],
      ['too many digits', '+32 470 12 34 56 78 90 12'],
      ['a national number (no country code)', '0470 12 34 56'],
      ['a number with a script', '+32<script>'],
      ['a number', 32470123456],
      ['null', null],
    ])('refuses %s (400 validation_error) and keeps the saved number', async (_label, value) => {
      await put('+33 6 11 22 33 44')();
      await expectRefused(db(), put(value), 400, 'validation_error');
      expect((await t.app.inject({ url: '/api/admin/whatsapp-settings', headers: bearer(admin) })).json()).toMatchObject({ whatsapp_number: '+33 6 11 22 33 44' });
    });

    it('refuses anonymous callers (401) and clients (403), reading or writing', async () => {
      expectError(await t.app.inject({ url: '/api/admin/whatsapp-settings' }), 401, 'unauthorized');
      expectError(await t.app.inject({ url: '/api/admin/whatsapp-settings', headers: bearer(client.token) }), 403, 'forbidden');
      await expectRefused(db(), put('+32 470 99 99 99', null), 401, 'unauthorized');
      await expectRefused(db(), put('+32 470 99 99 99', client.token), 403, 'forbidden');
    });
  });
});
