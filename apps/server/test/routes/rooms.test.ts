import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_STAY_RULES, type Booking, type Property, type Room } from '@roomweek/contract';
import { rooms } from '../../src/db/schema.ts';
import { bearer, book, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { expectError, expectRefused, expireHold, insertBooking } from '../support.ts';

/** A room without stay rules, seasons or long-stay tiers (docs/behaviour.md §11), as the API answers it. */
const NO_TERMS = { rules: NO_STAY_RULES, seasonal_prices: [], long_stay_discounts: [] };
const NO_PRICE_TERMS = { fees: [], taxes: [], vat_percent: 0 };
/** What anyone reads: the admin's answer without the stored amenities (docs/behaviour.md §15). */
// The public reads add the visible reviews' average and count (docs/decisions/0035): none here.
const publicView = ({ amenity_keys: _keys, ...room }: Room) => ({ ...room, rating_average: null, review_count: 0 });

describe('rooms routes', () => {
  const t = useAdminApp();
  let client: string;
  let clientId: string;
  let property: Property;
  const db = () => t.database.handle.db;
  const roomBody = (overrides: Record<string, unknown> = {}) => ({
    property_id: property.id,
    room_number: `N-${randomUUID().slice(0, 6)}`,
    price_per_week: 295.5,
    amenities: ['Wi-Fi', 'Desk'],
    photos: ['/uploads/0b8f4c52-2f7e-4c5e-9d0e-2b1d7f4a9c11.webp'],
    ...overrides,
  });
  const postRoom = (payload: unknown, headers: Record<string, string>) => () =>
    t.app.inject({ method: 'POST', url: '/api/rooms', headers, payload: payload as object });

  beforeAll(async () => {
    const session = await registerUser(t.app);
    client = session.token;
    clientId = session.user.id;
    property = await createProperty(t.app, t.admin, { name: 'Rooms House' });
  });

  describe('GET /api/rooms (public)', () => {
    it('lists every room, or only a property’s rooms with ?property_id', async () => {
      const other = await createProperty(t.app, t.admin, { name: 'Other House' });
      const a = await createRoom(t.app, t.admin, property.id);
      const b = await createRoom(t.app, t.admin, other.id);

      const all = await t.app.inject({ url: '/api/rooms' });
      expect(all.statusCode).toBe(200);
      expect(all.json<Room[]>().map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));

      const filtered = (await t.app.inject({ url: `/api/rooms?property_id=${other.id}` })).json<Room[]>();
      expect(filtered).toEqual([publicView(b)]);
      expect((await t.app.inject({ url: `/api/rooms?property_id=${randomUUID()}` })).json()).toEqual([]);
    });

    it('refuses a malformed property_id (400)', async () => {
      expectError(await t.app.inject({ url: '/api/rooms?property_id=abc' }), 400, 'validation_error');
    });
  });

  describe('GET /api/rooms/:id (public)', () => {
    it('answers the room with its property name', async () => {
      const room = await createRoom(t.app, t.admin, property.id, { room_number: '12B', price_per_week: 410.25 });
      const response = await t.app.inject({ url: `/api/rooms/${room.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...publicView(room),
        // Free text ('Wi-Fi' as the helper sends it), written in French like the property's name.
        text_languages: { amenities: ['fr'], property_name: 'fr' },
        property_name: 'Rooms House',
        price_per_week: 410.25,
        room_number: '12B',
        // The terms a booking of it gets now: its property has none of its own, so the site's.
        cancellation_policy: { free_until_days: 14, late_refund_percent: 50 },
        // Its property has no fee, tax or VAT (docs/behaviour.md §18).
        price_terms: NO_PRICE_TERMS,
      });
    });

    it('answers 404 room_not_found for an unknown id and 400 for a malformed one', async () => {
      expectError(await t.app.inject({ url: `/api/rooms/${randomUUID()}` }), 404, 'room_not_found');
      expectError(await t.app.inject({ url: '/api/rooms/12' }), 400, 'validation_error');
    });
  });

  describe('POST /api/rooms (admin)', () => {
    it('creates a room: price in euros with cents, amenities trimmed, blanks and duplicates dropped', async () => {
      const response = await postRoom(roomBody({ room_number: ' 7 ', amenities: [' Wi-Fi ', '', '   ', 'Wi-Fi', 'Balcony'] }), bearer(t.admin))();
      expect(response.statusCode).toBe(201);
      const room = response.json<Room>();
      expect(room).toEqual({
        id: expect.any(String),
        property_id: property.id,
        room_number: '7',
        price_per_week: 295.5,
        max_guests: 2,
        amenities: ['Wi-Fi', 'Balcony'],
        text_languages: { amenities: ['fr', 'fr'] },
        amenity_keys: ['Wi-Fi', 'Balcony'],
        photos: ['/uploads/0b8f4c52-2f7e-4c5e-9d0e-2b1d7f4a9c11.webp'],
        ...NO_TERMS,
        fees: null,
      });
      const [row] = await db().select().from(rooms).where(eq(rooms.id, room.id));
      expect(row!.pricePerWeekCents).toBe(29_550);
    });

    it('accepts a price of 0 and prices with two decimals exactly', async () => {
      expect((await postRoom(roomBody({ price_per_week: 0 }), bearer(t.admin))()).json()).toMatchObject({ price_per_week: 0 });
      expect((await postRoom(roomBody({ price_per_week: 0.29 }), bearer(t.admin))()).json()).toMatchObject({ price_per_week: 0.29 });
      expect((await postRoom(roomBody({ price_per_week: 1234.57 }), bearer(t.admin))()).json()).toMatchObject({ price_per_week: 1234.57 });
    });

    it('refuses a second room with the same number in one property (409 room_number_taken); another property may use it', async () => {
      await createRoom(t.app, t.admin, property.id, { room_number: 'DUP' });
      await expectRefused(db(), postRoom(roomBody({ room_number: 'DUP' }), bearer(t.admin)), 409, 'room_number_taken');
      await expectRefused(db(), postRoom(roomBody({ room_number: ' DUP ' }), bearer(t.admin)), 409, 'room_number_taken');
      const other = await createProperty(t.app, t.admin);
      expect((await postRoom(roomBody({ property_id: other.id, room_number: 'DUP' }), bearer(t.admin))()).statusCode).toBe(201);
    });

    it('refuses an unknown property (404 property_not_found)', async () => {
      await expectRefused(db(), postRoom(roomBody({ property_id: randomUUID() }), bearer(t.admin)), 404, 'property_not_found');
    });

    it('refuses anonymous callers (401) and clients (403)', async () => {
      await expectRefused(db(), postRoom(roomBody(), {}), 401, 'unauthorized');
      await expectRefused(db(), postRoom(roomBody(), bearer(client)), 403, 'forbidden');
    });

    const badRooms: Array<[string, Record<string, unknown>]> = [
      ['missing property_id', { property_id: undefined }],
      ['malformed property_id', { property_id: 'house-1' }],
      ['missing room_number', { room_number: undefined }],
      ['blank room_number', { room_number: '  ' }],
      ['missing price', { price_per_week: undefined }],
      ['negative price', { price_per_week: -1 }],
      ['price with three decimals', { price_per_week: 12.345 }],
      ['price as text', { price_per_week: '350' }],
      ['price that is not a number', { price_per_week: null }],
      ['absurd price', { price_per_week: 10_000_001 }],
      ['amenities that are not a list', { amenities: 'Wi-Fi' }],
      ['an amenity that is not text', { amenities: [42] }],
      ['a bad photo URL', { photos: ['file:///etc/passwd'] }],
    ];
    it.each(badRooms)('refuses %s (400 validation_error) and stores nothing', async (_label, change) => {
      const payload: Record<string, unknown> = { ...roomBody(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete payload[key];
      await expectRefused(db(), postRoom(payload, bearer(t.admin)), 400, 'validation_error');
    });
  });

  describe('PUT /api/rooms/:id (admin)', () => {
    it('updates a room; existing bookings keep their total, new ones pay the new price', async () => {
      const room = await createRoom(t.app, t.admin, property.id, { price_per_week: 350 });
      const before = (await book(t.app, client, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) })).json<Booking>();
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/rooms/${room.id}`,
        headers: bearer(t.admin),
        payload: roomBody({ room_number: room.room_number, price_per_week: 420, amenities: ['Kitchen'] }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: room.id, price_per_week: 420, amenities: ['Kitchen'] });
      const after = (await book(t.app, client, { room_id: room.id, start_date: siteDate(20), end_date: siteDate(27) })).json<Booking>();
      expect(after.total_price).toBe(420);
      const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(client) })).json<Booking[]>();
      expect(mine.find((b) => b.id === before.id)!.total_price).toBe(350);
    });

    it('refuses anonymous callers, clients, unknown rooms, duplicate numbers, unknown properties and bad input', async () => {
      const room = await createRoom(t.app, t.admin, property.id, { room_number: 'P-1' });
      await createRoom(t.app, t.admin, property.id, { room_number: 'P-2' });
      const put = (id: string, headers: Record<string, string>, payload: unknown) => () =>
        t.app.inject({ method: 'PUT', url: `/api/rooms/${id}`, headers, payload: payload as object });
      await expectRefused(db(), put(room.id, {}, roomBody()), 401, 'unauthorized');
      await expectRefused(db(), put(room.id, bearer(client), roomBody()), 403, 'forbidden');
      await expectRefused(db(), put(randomUUID(), bearer(t.admin), roomBody()), 404, 'room_not_found');
      await expectRefused(db(), put('x', bearer(t.admin), roomBody()), 400, 'validation_error');
      await expectRefused(db(), put(room.id, bearer(t.admin), roomBody({ room_number: 'P-2' })), 409, 'room_number_taken');
      await expectRefused(db(), put(room.id, bearer(t.admin), roomBody({ property_id: randomUUID() })), 404, 'property_not_found');
      await expectRefused(db(), put(room.id, bearer(t.admin), roomBody({ price_per_week: -5 })), 400, 'validation_error');
      await expectRefused(db(), put(room.id, bearer(t.admin), { room_number: 'only' }), 400, 'validation_error');
    });
  });

  describe('DELETE /api/rooms/:id (admin): archive', () => {
    it('archives the room: gone from the reads, its number free again, its past bookings kept', async () => {
      const room = await createRoom(t.app, t.admin, property.id, { room_number: 'ARCH' });
      const pastId = await insertBooking(db(), { roomId: room.id, userId: clientId, startDate: siteDate(-14), endDate: siteDate(-7) });
      const response = await t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(t.admin) });
      expect(response.statusCode).toBe(204);
      expectError(await t.app.inject({ url: `/api/rooms/${room.id}` }), 404, 'room_not_found');
      expect((await t.app.inject({ url: '/api/rooms' })).json<Room[]>().map((r) => r.id)).not.toContain(room.id);
      await expectRefused(db(), () => book(t.app, client, { room_id: room.id, start_date: siteDate(3), end_date: siteDate(10) }), 404, 'room_not_found');
      await expectRefused(db(), () => t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(t.admin) }), 404, 'room_not_found');
      expect((await createRoom(t.app, t.admin, property.id, { room_number: 'ARCH' })).room_number).toBe('ARCH');
      const adminList = (await t.app.inject({ url: '/api/admin/bookings', headers: bearer(t.admin) })).json<Booking[]>();
      expect(adminList).toContainEqual(expect.objectContaining({ id: pastId, room_number: 'ARCH', property_name: 'Rooms House' }));
    });

    it('is refused (409 room_has_bookings) while a stay is upcoming, and allowed once it is cancelled', async () => {
      const room = await createRoom(t.app, t.admin, property.id);
      const stay = (await book(t.app, client, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12) })).json<Booking>();
      await expectRefused(db(), () => t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(t.admin) }), 409, 'room_has_bookings');
      expect((await t.app.inject({ url: `/api/rooms/${room.id}` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${stay.id}/cancel`, headers: bearer(t.admin) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(t.admin) })).statusCode).toBe(204);
    });

    it('is not blocked by an expired payment hold', async () => {
      const room = await createRoom(t.app, t.admin, property.id);
      const hold = (await book(t.app, client, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12), payment_method: 'paypal' })).json<Booking>();
      await expectRefused(db(), () => t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(t.admin) }), 409, 'room_has_bookings');
      await expireHold(db(), hold.id);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(t.admin) })).statusCode).toBe(204);
    });

    it('refuses anonymous callers, clients, unknown and malformed ids', async () => {
      const room = await createRoom(t.app, t.admin, property.id);
      const del = (id: string, headers: Record<string, string>) => () => t.app.inject({ method: 'DELETE', url: `/api/rooms/${id}`, headers });
      await expectRefused(db(), del(room.id, {}), 401, 'unauthorized');
      await expectRefused(db(), del(room.id, bearer(client)), 403, 'forbidden');
      await expectRefused(db(), del(randomUUID(), bearer(t.admin)), 404, 'room_not_found');
      await expectRefused(db(), del('0', bearer(t.admin)), 400, 'validation_error');
    });
  });

  describe('GET /api/rooms/:id/availability (public)', () => {
    const availability = (roomId: string, query = '') => t.app.inject({ url: `/api/rooms/${roomId}/availability${query}` });

    it('answers only the dates of the stays that hold nights in the window: never who booked them', async () => {
      const room = await createRoom(t.app, t.admin, property.id);
      const other = await registerUser(t.app, { first_name: 'Secret', name: 'Person' });
      await book(t.app, other.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) });
      await book(t.app, client, { room_id: room.id, start_date: siteDate(17), end_date: siteDate(20), payment_method: 'stripe' });
      const cancelled = (await book(t.app, client, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37) })).json<Booking>();
      await t.app.inject({ method: 'PUT', url: `/api/bookings/${cancelled.id}/cancel`, headers: bearer(client) });
      const expired = (await book(t.app, client, { room_id: room.id, start_date: siteDate(40), end_date: siteDate(47), payment_method: 'paypal' })).json<Booking>();
      await expireHold(db(), expired.id);
      await book(t.app, client, { room_id: room.id, start_date: siteDate(200), end_date: siteDate(207) });

      const response = await availability(room.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...NO_TERMS,
        price_terms: NO_PRICE_TERMS,
        blocks: [],
        bookings: [
          { start_date: siteDate(10), end_date: siteDate(17) },
          { start_date: siteDate(17), end_date: siteDate(20) },
        ],
      });
      expect(response.body).not.toMatch(/Secret|Person|@|user|email|status|id"/i);

      // An explicit window, as dates or as the ISO timestamps the web app sends.
      const window = await availability(room.id, `?start=${siteDate(15)}&end=${siteDate(18)}`);
      expect(window.json()).toEqual({ ...NO_TERMS, price_terms: NO_PRICE_TERMS, blocks: [], bookings: [{ start_date: siteDate(10), end_date: siteDate(17) }, { start_date: siteDate(17), end_date: siteDate(20) }] });
      const iso = await availability(room.id, `?start=${siteDate(17)}T12:00:00.000Z&end=${siteDate(250)}T12:00:00Z`);
      expect(iso.json()).toEqual({ ...NO_TERMS, price_terms: NO_PRICE_TERMS, blocks: [], bookings: [{ start_date: siteDate(17), end_date: siteDate(20) }, { start_date: siteDate(200), end_date: siteDate(207) }] });
      // A window that ends on an arrival day does not include that stay.
      expect((await availability(room.id, `?start=${siteDate(0)}&end=${siteDate(10)}`)).json()).toEqual({ ...NO_TERMS, price_terms: NO_PRICE_TERMS, blocks: [], bookings: [] });
    });

    it('is public: no token needed', async () => {
      const room = await createRoom(t.app, t.admin, property.id);
      expect((await availability(room.id)).statusCode).toBe(200);
    });

    it('refuses bad windows (400), unknown rooms (404) and malformed ids (400)', async () => {
      const room = await createRoom(t.app, t.admin, property.id);
      expectError(await availability(room.id, `?start=${siteDate(10)}&end=${siteDate(5)}`), 400, 'invalid_dates');
      expectError(await availability(room.id, `?start=${siteDate(10)}&end=${siteDate(10)}`), 400, 'invalid_dates');
      expectError(await availability(room.id, '?start=2026-13-45'), 400, 'validation_error');
      expectError(await availability(room.id, '?start=yesterday'), 400, 'validation_error');
      expectError(await availability(room.id, `?start=${siteDate(0)}&end=${siteDate(5000)}`), 400, 'validation_error');
      expectError(await availability(room.id, `?start=${siteDate(0)}&start=${siteDate(1)}`), 400, 'validation_error');
      expectError(await availability(randomUUID()), 404, 'room_not_found');
      expectError(await availability('not-a-room'), 400, 'validation_error');
    });
  });
});
