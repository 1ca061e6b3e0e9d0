import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_STAY_RULES, type Property, type Room } from '@roomweek/contract';
import { rooms } from '../../src/db/schema.ts';
import { bearer, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectRefused } from '../support.ts';

/** docs/behaviour.md §11: a room's stay rules, seasonal prices and long-stay tiers, written by the admin. */
describe('room rules, seasons and long-stay discounts', () => {
  let t: TestApp;
  let admin: string;
  let client: string;
  let property: Property;
  const db = () => t.database.handle.db;

  const terms = {
    rules: { changeover_days: [6], min_nights: 14, max_nights: 84, whole_weeks: true },
    seasonal_prices: [
      { start_date: '2031-07-05', end_date: '2031-08-30', price_per_week: 490 },
      { start_date: '2031-12-20', end_date: '2032-01-03', price_per_week: 420.5 },
    ],
    long_stay_discounts: [
      { min_weeks: 4, percent: 10 },
      { min_weeks: 12, percent: 20 },
    ],
  };
  const roomBody = (overrides: Record<string, unknown> = {}) => ({
    property_id: property.id,
    room_number: `S-${randomUUID().slice(0, 6)}`,
    price_per_week: 350,
    ...overrides,
  });
  const post = (payload: unknown, token = admin) => () =>
    t.app.inject({ method: 'POST', url: '/api/rooms', headers: bearer(token), payload: payload as object });
  const put = (id: string, payload: unknown, token = admin) => () =>
    t.app.inject({ method: 'PUT', url: `/api/rooms/${id}`, headers: bearer(token), payload: payload as object });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    client = (await registerUser(t.app)).token;
    property = await createProperty(t.app, admin, { name: 'Rules House' });
  });
  afterAll(() => t.close());

  it('a room without rules has none: any stay, its own price', async () => {
    const room = await createRoom(t.app, admin, property.id);
    expect(room).toMatchObject({ rules: NO_STAY_RULES, seasonal_prices: [], long_stay_discounts: [] });
  });

  it('stores the rules, the seasons (sorted, in cents) and the tiers, and answers them on every read', async () => {
    const response = await post(
      roomBody({
        ...terms,
        rules: { ...terms.rules, changeover_days: [6, 6] },
        seasonal_prices: [...terms.seasonal_prices].reverse(),
        long_stay_discounts: [...terms.long_stay_discounts].reverse(),
      }),
    )();
    expect(response.statusCode).toBe(201);
    const room = response.json<Room>();
    expect(room).toMatchObject(terms);
    const [row] = await db().select().from(rooms).where(eq(rooms.id, room.id));
    expect(row!.seasonalPrices[1]).toEqual({ start_date: '2031-12-20', end_date: '2032-01-03', price_per_week_cents: 42_050 });

    expect((await t.app.inject({ url: `/api/rooms/${room.id}` })).json()).toMatchObject(terms);
    expect((await t.app.inject({ url: `/api/rooms?property_id=${property.id}` })).json<Room[]>().find((r) => r.id === room.id)).toMatchObject(terms);
    const availability = await t.app.inject({ url: `/api/rooms/${room.id}/availability` });
    expect(availability.json()).toEqual({ bookings: [], blocks: [], ...terms, price_terms: { fees: [], taxes: [], vat_percent: 0 } });
  });

  it('keeps the terms an update leaves out, and clears those it sends empty', async () => {
    const room = (await post(roomBody(terms))()).json<Room>();
    const renamed = await put(room.id, roomBody({ room_number: room.room_number, price_per_week: 400 }))();
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ price_per_week: 400, ...terms });

    const cleared = await put(room.id, roomBody({ room_number: room.room_number, rules: {}, seasonal_prices: [], long_stay_discounts: [] }))();
    expect(cleared.json()).toMatchObject({ rules: NO_STAY_RULES, seasonal_prices: [], long_stay_discounts: [] });
  });

  it('refuses seasons that share a night (400 seasons_overlap) and stores nothing; back-to-back seasons are fine', async () => {
    const room = (await post(roomBody(terms))()).json<Room>();
    const overlapping = [
      { start_date: '2031-06-01', end_date: '2031-07-06', price_per_week: 400 },
      { start_date: '2031-07-05', end_date: '2031-08-30', price_per_week: 490 },
    ];
    const refused = await expectRefused(db(), post(roomBody({ seasonal_prices: overlapping })), 400, 'seasons_overlap');
    expect(refused.json().field).toBe('seasonal_prices');
    await expectRefused(db(), put(room.id, roomBody({ room_number: room.room_number, seasonal_prices: overlapping })), 400, 'seasons_overlap');
    const identical = [overlapping[1], overlapping[1]];
    await expectRefused(db(), put(room.id, roomBody({ room_number: room.room_number, seasonal_prices: identical })), 400, 'seasons_overlap');

    const apart = [{ ...overlapping[0]!, end_date: '2031-07-05' }, overlapping[1]];
    expect((await put(room.id, roomBody({ room_number: room.room_number, seasonal_prices: apart }))()).statusCode).toBe(200);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a weekday 0', { rules: { changeover_days: [0] } }],
    ['a weekday 8', { rules: { changeover_days: [8] } }],
    ['a weekday as text', { rules: { changeover_days: ['6'] } }],
    ['a fractional weekday', { rules: { changeover_days: [6.5] } }],
    ['more than 7 weekdays', { rules: { changeover_days: [1, 2, 3, 4, 5, 6, 7, 1] } }],
    ['min_nights 0', { rules: { min_nights: 0 } }],
    ['a huge min_nights', { rules: { min_nights: 1e12 } }],
    ['max_nights above a year', { rules: { max_nights: 366 } }],
    ['max_nights below min_nights', { rules: { min_nights: 14, max_nights: 7 } }],
    ['rules no stay can keep', { rules: { whole_weeks: true, min_nights: 8, max_nights: 13 } }],
    ['whole_weeks as text', { rules: { whole_weeks: 'yes' } }],
    ['rules as a list', { rules: [6] }],
    ['rules as text', { rules: 'saturdays' }],
    ['a season ending on its start', { seasonal_prices: [{ start_date: '2031-07-05', end_date: '2031-07-05', price_per_week: 400 }] }],
    ['a season ending before its start', { seasonal_prices: [{ start_date: '2031-07-05', end_date: '2031-07-01', price_per_week: 400 }] }],
    ['a season with a bad date', { seasonal_prices: [{ start_date: '2031-02-30', end_date: '2031-07-01', price_per_week: 400 }] }],
    ['a season with a timestamp', { seasonal_prices: [{ start_date: '2031-06-01T00:00:00Z', end_date: '2031-07-01', price_per_week: 400 }] }],
    ['a season without a price', { seasonal_prices: [{ start_date: '2031-06-01', end_date: '2031-07-01' }] }],
    ['a negative season price', { seasonal_prices: [{ start_date: '2031-06-01', end_date: '2031-07-01', price_per_week: -1 }] }],
    ['a huge season price', { seasonal_prices: [{ start_date: '2031-06-01', end_date: '2031-07-01', price_per_week: 1e12 }] }],
    ['a season price with 3 decimals', { seasonal_prices: [{ start_date: '2031-06-01', end_date: '2031-07-01', price_per_week: 1.005 }] }],
    ['51 seasons', { seasonal_prices: Array.from({ length: 51 }, (_, i) => ({ start_date: siteDate(i * 2), end_date: siteDate(i * 2 + 1), price_per_week: 1 })) }],
    ['seasons as an object', { seasonal_prices: { start_date: '2031-06-01' } }],
    ['a tier of 0 weeks', { long_stay_discounts: [{ min_weeks: 0, percent: 10 }] }],
    ['a tier of 53 weeks', { long_stay_discounts: [{ min_weeks: 53, percent: 10 }] }],
    ['a tier of 101 %', { long_stay_discounts: [{ min_weeks: 4, percent: 101 }] }],
    ['a tier of 0 %', { long_stay_discounts: [{ min_weeks: 4, percent: 0 }] }],
    ['a fractional percent', { long_stay_discounts: [{ min_weeks: 4, percent: 7.5 }] }],
    ['two tiers for the same weeks', { long_stay_discounts: [{ min_weeks: 4, percent: 10 }, { min_weeks: 4, percent: 15 }] }],
    ['11 tiers', { long_stay_discounts: Array.from({ length: 11 }, (_, i) => ({ min_weeks: i + 1, percent: i + 1 })) }],
    ['apply_rules_to_property as text', { apply_rules_to_property: 'true' }],
  ])('refuses %s (400 validation_error) and stores nothing', async (_name, overrides) => {
    await expectRefused(db(), post(roomBody(overrides)), 400, 'validation_error');
  });

  it('lets only an admin write the terms, and only on a room that exists', async () => {
    const room = (await post(roomBody(terms))()).json<Room>();
    const body = roomBody({ room_number: room.room_number, rules: NO_STAY_RULES, apply_rules_to_property: true });
    await expectRefused(db(), post(roomBody(terms), client), 403, 'forbidden');
    await expectRefused(db(), put(room.id, body, client), 403, 'forbidden');
    await expectRefused(db(), () => t.app.inject({ method: 'PUT', url: `/api/rooms/${room.id}`, payload: body }), 401, 'unauthorized');
    await expectRefused(db(), put(randomUUID(), body), 404, 'room_not_found');
    await expectRefused(db(), put(room.id, { ...body, property_id: randomUUID() }), 404, 'property_not_found');
  });

  describe('apply_rules_to_property', () => {
    it("gives every other room of the property the room's rules and tiers, not its prices, seasons or other properties' rooms", async () => {
      const house = await createProperty(t.app, admin, { name: 'Apply House' });
      const elsewhere = await createProperty(t.app, admin, { name: 'Elsewhere House' });
      const ownSeason = [{ start_date: '2031-05-01', end_date: '2031-06-01', price_per_week: 300 }];
      const sibling = await createRoom(t.app, admin, house.id, { price_per_week: 280, seasonal_prices: ownSeason });
      const archived = await createRoom(t.app, admin, house.id);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${archived.id}`, headers: bearer(admin) })).statusCode).toBe(204);
      const stranger = await createRoom(t.app, admin, elsewhere.id);
      const room = await createRoom(t.app, admin, house.id);

      const response = await put(room.id, roomBody({ property_id: house.id, room_number: room.room_number, ...terms, apply_rules_to_property: true }))();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(terms);

      const siblingNow = (await t.app.inject({ url: `/api/rooms/${sibling.id}` })).json<Room>();
      expect(siblingNow).toMatchObject({
        price_per_week: 280,
        rules: terms.rules,
        seasonal_prices: ownSeason,
        long_stay_discounts: terms.long_stay_discounts,
      });
      expect((await t.app.inject({ url: `/api/rooms/${stranger.id}` })).json()).toMatchObject({ rules: NO_STAY_RULES, long_stay_discounts: [] });
      const [archivedRow] = await db().select().from(rooms).where(eq(rooms.id, archived.id));
      expect(archivedRow!.stayRules).toEqual(NO_STAY_RULES);
    });

    it('works on create too, and without the flag touches no other room', async () => {
      const house = await createProperty(t.app, admin, { name: 'Create House' });
      const sibling = await createRoom(t.app, admin, house.id);
      await createRoom(t.app, admin, house.id, { rules: { min_nights: 3 } });
      expect((await t.app.inject({ url: `/api/rooms/${sibling.id}` })).json()).toMatchObject({ rules: NO_STAY_RULES });
      await createRoom(t.app, admin, house.id, { rules: { min_nights: 7 }, apply_rules_to_property: true });
      expect((await t.app.inject({ url: `/api/rooms/${sibling.id}` })).json()).toMatchObject({ rules: { ...NO_STAY_RULES, min_nights: 7 } });
    });

    it('writes nothing when the save is refused', async () => {
      const house = await createProperty(t.app, admin, { name: 'Refused House' });
      const taken = await createRoom(t.app, admin, house.id, { room_number: 'TAKEN' });
      const room = await createRoom(t.app, admin, house.id);
      expect(taken.rules).toEqual(NO_STAY_RULES);
      const body = roomBody({ property_id: house.id, room_number: 'TAKEN', ...terms, apply_rules_to_property: true });
      await expectRefused(db(), put(room.id, body), 409, 'room_number_taken');
      await expectRefused(db(), post(body), 409, 'room_number_taken');
      expect((await t.app.inject({ url: `/api/rooms/${taken.id}` })).json()).toMatchObject({ rules: NO_STAY_RULES });
    });
  });
});
