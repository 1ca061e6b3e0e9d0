import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Property } from '@roomweek/contract';
import { properties, rooms } from '../../src/db/schema.ts';
import { bearer, book, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { expectError, expectRefused, expireHold, insertBooking } from '../support.ts';

const validProperty = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maison du Lac',
  description: 'Calm rooms by the lake',
  location: 'Annecy, France',
  room_count: 4,
  photos: ['/uploads/0b8f4c52-2f7e-4c5e-9d0e-2b1d7f4a9c11.webp', 'https://images.example.com/lake.jpg'],
  latitude: 45.9,
  longitude: 6.13,
  ...overrides,
});

/** What anyone reads: the admin's answer without every language's texts (docs/behaviour.md §15) nor the arrival instructions (§21). */
// The public reads add the visible reviews' average and count (docs/decisions/0035): none here.
const publicView = ({ translations: _translations, arrival_instructions: _instructions, registration_country: _country, ...property }: Property) => ({
  ...property,
  rating_average: null,
  review_count: 0,
});
const FRENCH_TEXTS = { text_languages: { name: 'fr', description: 'fr', location: 'fr' } };

describe('properties routes', () => {
  const t = useAdminApp();
  let client: string;
  let clientId: string;
  const db = () => t.database.handle.db;
  const list = async () => (await t.app.inject({ url: '/api/properties' })).json<Property[]>();

  beforeAll(async () => {
    const session = await registerUser(t.app);
    client = session.token;
    clientId = session.user.id;
  });

  describe('GET /api/properties and /api/properties/:id (public)', () => {
    it('lists properties as a bare array and reads one with its coordinates', async () => {
      const created = await createProperty(t.app, t.admin, { name: 'Public House', latitude: 50.85, longitude: 4.35 });
      const response = await t.app.inject({ url: '/api/properties' });
      expect(response.statusCode).toBe(200);
      expect(Array.isArray(response.json())).toBe(true);
      expect(response.json()).toContainEqual(publicView(created));

      const one = await t.app.inject({ url: `/api/properties/${created.id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual({
        id: created.id,
        name: 'Public House',
        description: 'A quiet house',
        location: 'Gent, Belgium',
        photos: [],
        room_count: 2,
        latitude: 50.85,
        longitude: 4.35,
        cancellation_policy: null,
        payment_terms: null,
        fees: [],
        taxes: [],
        vat_percent: 0,
        ...FRENCH_TEXTS,
        rating_average: null,
        review_count: 0,
      });
    });

    it('answers 404 property_not_found for an unknown id and 400 for a malformed one', async () => {
      expectError(await t.app.inject({ url: `/api/properties/${randomUUID()}` }), 404, 'property_not_found');
      expectError(await t.app.inject({ url: '/api/properties/not-a-uuid' }), 400, 'validation_error');
      expectError(await t.app.inject({ url: "/api/properties/1'%20or%201=1" }), 400, 'validation_error');
    });
  });

  describe('POST /api/properties (admin)', () => {
    it('creates a property, trimming text, with photos and coordinates', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: bearer(t.admin),
        payload: validProperty({ name: '  Maison du Lac  ' }),
      });
      expect(response.statusCode).toBe(201);
      const property = response.json<Property>();
      const { name, description, location } = validProperty();
      expect(property).toEqual({
        id: expect.any(String),
        ...validProperty(),
        cancellation_policy: null,
        payment_terms: null,
        fees: [],
        taxes: [],
        vat_percent: 0,
        ...FRENCH_TEXTS,
        translations: { fr: { name, description, location } },
        arrival_instructions: { fr: '', es: '', pt: '', en: '' },
        registration_country: 'other',
      });
      expect((await t.app.inject({ url: `/api/properties/${property.id}` })).json()).toEqual(publicView(property));
    });

    it('takes coordinates as optional', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: bearer(t.admin),
        payload: { name: 'No map', description: 'd', location: 'l', room_count: 1 },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ latitude: null, longitude: null, photos: [] });
    });

    it('refuses anonymous callers (401), bad tokens (401) and clients (403)', async () => {
      const post = (headers: Record<string, string>) => () => t.app.inject({ method: 'POST', url: '/api/properties', headers, payload: validProperty() });
      await expectRefused(db(), post({}), 401, 'unauthorized');
      await expectRefused(db(), post(bearer('garbage')), 401, 'invalid_token');
      await expectRefused(db(), post(bearer(client)), 403, 'forbidden');
    });

    const badProperties: Array<[string, Record<string, unknown>]> = [
      ['missing name', { name: undefined }],
      ['blank name', { name: '   ' }],
      ['missing description', { description: undefined }],
      ['missing location', { location: undefined }],
      ['missing room_count', { room_count: undefined }],
      ['room_count 0', { room_count: 0 }],
      ['negative room_count', { room_count: -3 }],
      ['fractional room_count', { room_count: 1.5 }],
      ['room_count as text', { room_count: '2' }],
      ['huge room_count', { room_count: 1e12 }],
      ['latitude above 90', { latitude: 90.5 }],
      ['longitude below -180', { longitude: -181 }],
      ['latitude as text', { latitude: 'north' }],
      ['photos that are not a list', { photos: '/uploads/a.webp' }],
      ['a javascript: photo URL', { photos: ['javascript:alert(1)'] }],
      ['a plain-http photo URL', { photos: ['http://example.com/a.jpg'] }],
      ['a photo path outside the uploads', { photos: ['/uploads/../secrets.json'] }],
      ['too many photos', { photos: Array.from({ length: 21 }, (_, i) => `/uploads/p${i}.webp`) }],
      ['name far too long', { name: 'n'.repeat(201) }],
    ];
    it.each(badProperties)('refuses %s (400 validation_error) and stores nothing', async (_label, change) => {
      const payload: Record<string, unknown> = { ...validProperty(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete payload[key];
      await expectRefused(db(), () => t.app.inject({ method: 'POST', url: '/api/properties', headers: bearer(t.admin), payload }), 400, 'validation_error');
    });
  });

  describe('PUT /api/properties/:id (admin)', () => {
    it('replaces the fields of a property', async () => {
      const property = await createProperty(t.app, t.admin);
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        headers: bearer(t.admin),
        payload: validProperty({ name: 'Renamed', room_count: 7, latitude: null, longitude: null }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: property.id, name: 'Renamed', room_count: 7, latitude: null, longitude: null });
      expect((await t.app.inject({ url: `/api/properties/${property.id}` })).json()).toMatchObject({ name: 'Renamed', room_count: 7 });
    });

    it('refuses anonymous callers, clients, unknown ids, malformed ids and bad input without changing anything', async () => {
      const property = await createProperty(t.app, t.admin);
      const put = (id: string, headers: Record<string, string>, payload: unknown = validProperty({ name: 'Changed' })) => () =>
        t.app.inject({ method: 'PUT', url: `/api/properties/${id}`, headers, payload: payload as object });
      await expectRefused(db(), put(property.id, {}), 401, 'unauthorized');
      await expectRefused(db(), put(property.id, bearer(client)), 403, 'forbidden');
      await expectRefused(db(), put(randomUUID(), bearer(t.admin)), 404, 'property_not_found');
      await expectRefused(db(), put('123', bearer(t.admin)), 400, 'validation_error');
      await expectRefused(db(), put(property.id, bearer(t.admin), validProperty({ room_count: 0 })), 400, 'validation_error');
      await expectRefused(db(), put(property.id, bearer(t.admin), validProperty({ latitude: -91 })), 400, 'validation_error');
      await expectRefused(db(), put(property.id, bearer(t.admin), { name: 'Only a name' }), 400, 'validation_error');
      expect((await t.app.inject({ url: `/api/properties/${property.id}` })).json()).toEqual(publicView(property));
    });
  });

  describe('DELETE /api/properties/:id (admin): archive', () => {
    it('archives the property and its rooms: gone from the public reads, kept in the database', async () => {
      const property = await createProperty(t.app, t.admin);
      const room = await createRoom(t.app, t.admin, property.id);
      const response = await t.app.inject({ method: 'DELETE', url: `/api/properties/${property.id}`, headers: bearer(t.admin) });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect((await list()).map((p) => p.id)).not.toContain(property.id);
      expectError(await t.app.inject({ url: `/api/properties/${property.id}` }), 404, 'property_not_found');
      expectError(await t.app.inject({ url: `/api/rooms/${room.id}` }), 404, 'room_not_found');
      expect((await t.app.inject({ url: `/api/rooms?property_id=${property.id}` })).json()).toEqual([]);
      const [row] = await db().select().from(properties).where(eq(properties.id, property.id));
      expect(row!.archivedAt).toBeInstanceOf(Date);
      const [roomRow] = await db().select().from(rooms).where(eq(rooms.id, room.id));
      expect(roomRow!.archivedAt).toBeInstanceOf(Date);

      // Nothing more can happen to it.
      await expectRefused(db(), () => book(t.app, client, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12) }), 404, 'room_not_found');
      await expectRefused(db(), () => t.app.inject({ method: 'DELETE', url: `/api/properties/${property.id}`, headers: bearer(t.admin) }), 404, 'property_not_found');
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'PUT', url: `/api/properties/${property.id}`, headers: bearer(t.admin), payload: validProperty() }),
        404,
        'property_not_found',
      );
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'POST', url: '/api/rooms', headers: bearer(t.admin), payload: { property_id: property.id, room_number: 'X1', price_per_week: 100 } }),
        404,
        'property_not_found',
      );
    });

    it('is refused (409 property_has_bookings) while a stay is upcoming or under way, pending holds included', async () => {
      for (const [start, end, method] of [
        [siteDate(30), siteDate(37), 'on_site'],
        [siteDate(30), siteDate(37), 'stripe'],
        [siteDate(-3), siteDate(4), 'on_site'],
        [siteDate(-7), siteDate(1), 'paypal'],
      ] as const) {
        const property = await createProperty(t.app, t.admin);
        const room = await createRoom(t.app, t.admin, property.id);
        if (start < siteDate(0)) {
          await insertBooking(db(), { roomId: room.id, userId: clientId, startDate: start, endDate: end, paymentMethod: method, status: method === 'on_site' ? 'confirmed' : 'pending', holdExpiresAt: method === 'on_site' ? null : new Date(Date.now() + 600_000) });
        } else {
          expect((await book(t.app, client, { room_id: room.id, start_date: start, end_date: end, payment_method: method })).statusCode).toBe(201);
        }
        await expectRefused(db(), () => t.app.inject({ method: 'DELETE', url: `/api/properties/${property.id}`, headers: bearer(t.admin) }), 409, 'property_has_bookings');
        expect((await t.app.inject({ url: `/api/properties/${property.id}` })).statusCode).toBe(200);
        expect((await t.app.inject({ url: `/api/rooms/${room.id}` })).statusCode).toBe(200);
      }
    });

    it('is allowed once the upcoming bookings are cancelled, or when only expired holds remain', async () => {
      const property = await createProperty(t.app, t.admin);
      const room = await createRoom(t.app, t.admin, property.id);
      const stay = (await book(t.app, client, { room_id: room.id, start_date: siteDate(40), end_date: siteDate(47) })).json<Booking>();
      const hold = (await book(t.app, client, { room_id: room.id, start_date: siteDate(50), end_date: siteDate(57), payment_method: 'stripe' })).json<Booking>();
      await expectRefused(db(), () => t.app.inject({ method: 'DELETE', url: `/api/properties/${property.id}`, headers: bearer(t.admin) }), 409, 'property_has_bookings');
      expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${stay.id}/cancel`, headers: bearer(client) })).statusCode).toBe(200);
      await expireHold(db(), hold.id);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/${property.id}`, headers: bearer(t.admin) })).statusCode).toBe(204);
    });

    it('keeps past bookings, still listed for the admin and the guest with their room and property', async () => {
      const property = await createProperty(t.app, t.admin, { name: 'Old Mill' });
      const room = await createRoom(t.app, t.admin, property.id, { room_number: 'M-1' });
      const pastId = await insertBooking(db(), { roomId: room.id, userId: clientId, startDate: siteDate(-30), endDate: siteDate(-23), totalCents: 42_000 });
      // A stay that ends today is over: its last night was yesterday.
      await insertBooking(db(), { roomId: room.id, userId: clientId, startDate: siteDate(-7), endDate: siteDate(0) });

      expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/${property.id}`, headers: bearer(t.admin) })).statusCode).toBe(204);

      const expected = { id: pastId, room_id: room.id, room_number: 'M-1', property_id: property.id, property_name: 'Old Mill', total_price: 420, start_date: siteDate(-30), end_date: siteDate(-23) };
      const adminList = await t.app.inject({ url: '/api/admin/bookings', headers: bearer(t.admin) });
      expect(adminList.json<Booking[]>()).toContainEqual(expect.objectContaining(expected));
      const all = await t.app.inject({ url: '/api/bookings/all', headers: bearer(t.admin) });
      expect(all.json<Booking[]>()).toContainEqual(expect.objectContaining(expected));
      const mine = await t.app.inject({ url: '/api/bookings', headers: bearer(client) });
      expect(mine.json<Booking[]>()).toContainEqual(expect.objectContaining(expected));
    });

    it('refuses anonymous callers, clients, unknown and malformed ids without changing anything', async () => {
      const property = await createProperty(t.app, t.admin);
      const del = (id: string, headers: Record<string, string>) => () => t.app.inject({ method: 'DELETE', url: `/api/properties/${id}`, headers });
      await expectRefused(db(), del(property.id, {}), 401, 'unauthorized');
      await expectRefused(db(), del(property.id, bearer(client)), 403, 'forbidden');
      await expectRefused(db(), del(randomUUID(), bearer(t.admin)), 404, 'property_not_found');
      await expectRefused(db(), del('nope', bearer(t.admin)), 400, 'validation_error');
    });
  });
});
