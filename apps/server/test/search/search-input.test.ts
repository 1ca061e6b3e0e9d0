import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type SearchResponse } from '@roomweek/contract';
import { bearer, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { search } from './search-support.ts';

/** GET /api/search refuses bad input with 400 and the field named, never a 500 (issue 26). */
describe('search: bad input', () => {
  let t: TestApp;
  let admin: string;
  let propertyId: string;
  const start = siteDate(20);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    propertyId = (await createProperty(t.app, admin)).id;
    await createRoom(t.app, admin, propertyId);
    await createRoom(t.app, admin, propertyId);
  });
  afterAll(() => t.close());

  const cases: [string, Record<string, string | number>, string, string][] = [
    ['departure before arrival', { start_date: start, end_date: addDays(start, -1) }, 'invalid_dates', 'end_date'],
    ['departure on the arrival day', { start_date: start, end_date: start }, 'invalid_dates', 'end_date'],
    ['arrival in the past', { start_date: siteDate(-2), end_date: siteDate(5) }, 'date_in_past', 'start_date'],
    ['a stay over the longest allowed', { start_date: start, end_date: addDays(start, 366) }, 'stay_too_long', 'end_date'],
    ['an arrival past the booking horizon', { start_date: siteDate(800), end_date: siteDate(807) }, 'booking_too_far', 'start_date'],
    ['an arrival without departure', { start_date: start }, 'invalid_dates', 'end_date'],
    ['a departure without arrival', { end_date: start }, 'invalid_dates', 'start_date'],
    ['a date that is no date', { start_date: 'tomorrow', end_date: start }, 'validation_error', 'start_date'],
    ['no guest', { guests: 0 }, 'validation_error', 'guests'],
    ['31 guests', { guests: 31 }, 'validation_error', 'guests'],
    ['guests not a number', { guests: 'two' }, 'validation_error', 'guests'],
    ['guests not whole', { guests: 2.5 }, 'validation_error', 'guests'],
    ['an unknown sort', { sort: 'name' }, 'validation_error', 'sort'],
    ['a limit over 100', { limit: 101 }, 'validation_error', 'limit'],
    ['a limit of 0', { limit: 0 }, 'validation_error', 'limit'],
    ['a negative price', { min_price: -1 }, 'validation_error', 'min_price'],
    ['a huge price', { max_price: '1e308' }, 'validation_error', 'max_price'],
    ['a price range upside down', { min_price: 500, max_price: 100 }, 'validation_error', 'max_price'],
    ['a property id that is no id', { property_id: 'abc' }, 'validation_error', 'property_id'],
    ['a cursor that is not base64 JSON', { cursor: '%%%' }, 'validation_error', 'cursor'],
    ['a cursor made up', { cursor: Buffer.from(JSON.stringify(['price', 1, 'x'])).toString('base64url') }, 'validation_error', 'cursor'],
    ['a cursor too long', { cursor: 'a'.repeat(501) }, 'validation_error', 'cursor'],
    ['amenities too long', { amenities: 'wifi,'.repeat(101) }, 'validation_error', 'amenities'],
  ];

  it.each(cases)('%s → 400 with the field', async (_name, params, code, field) => {
    const response = await search(t.app, params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, field });
  });

  it("refuses a cursor of another sort, and accepts the page's own", async () => {
    const first = (await search(t.app, { property_id: propertyId, limit: 1 })).json<SearchResponse>();
    expect(first.next_cursor).not.toBeNull();
    const other = await search(t.app, { property_id: propertyId, limit: 1, sort: '-price', cursor: first.next_cursor! });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ field: 'cursor' });
    expect((await search(t.app, { property_id: propertyId, limit: 1, cursor: first.next_cursor! })).statusCode).toBe(200);
  });

  it('is public, answers the same to a signed-in guest, and shows no archived room nor unknown property', async () => {
    const { token } = await registerUser(t.app);
    const anonymous = await search(t.app, { property_id: propertyId });
    const signedIn = await t.app.inject({ url: `/api/search?property_id=${propertyId}`, headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
    const [archived] = anonymous.json<SearchResponse>().items;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${archived!.room_id}`, headers: bearer(admin) })).statusCode).toBe(204);
    const after = (await search(t.app, { property_id: propertyId })).json<SearchResponse>();
    expect(after.items.map((item) => item.room_id)).not.toContain(archived!.room_id);
    const unknown = (await search(t.app, { property_id: '00000000-0000-4000-8000-000000000000' })).json<SearchResponse>();
    expect(unknown).toEqual({ items: [], next_cursor: null, total: 0, suggestions: [] });
  });

  it('treats amenities as data, not SQL or JSON', async () => {
    for (const amenities of [`wifi"]'; drop table rooms; --`, '{"a":1}', ',,,', '\u0000']) {
      const response = await search(t.app, { amenities });
      expect([200, 400]).toContain(response.statusCode);
    }
    expect((await search(t.app, { amenities: ',,,', property_id: propertyId })).json<SearchResponse>().total).toBe(1);
  });
});
