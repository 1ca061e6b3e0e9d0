import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, type Property, type Room, type SearchResponse } from '@roomweek/contract';
import { bearer, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expireHold, insertBooking } from '../support.ts';
import { foundIds, insertImportedEvent, search, weekdayFrom } from './search-support.ts';

/**
 * GET /api/search with dates (issue 26): a room is found only when every night of the stay is free and the stay keeps
 * its rules; each thing that takes nights excludes it for those nights and no others.
 */
describe('search by dates: what takes a night', () => {
  let t: TestApp;
  let admin: string;
  let guestId: string;
  let property: Property;
  let room: Room;
  const db = () => t.database.handle.db;
  // Stays of a week, one after another, from 20 days on; each test takes its own week of the calendar.
  const week = (n: number) => ({ start_date: siteDate(20 + 7 * n), end_date: siteDate(27 + 7 * n) });
  const inRoom = (n: number) => foundIds(t.app, { ...week(n), property_id: property.id });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    guestId = (await registerUser(t.app)).user.id;
    property = await createProperty(t.app, admin, { name: 'Search House' });
    room = await createRoom(t.app, admin, property.id);
  });
  afterAll(() => t.close());

  /** The room is missing for the stay `taken` covers and found for the weeks either side. */
  async function expectExcludedOnlyFor(n: number) {
    expect(await inRoom(n)).toEqual([]);
    expect(await inRoom(n - 1)).toEqual([room.id]);
    expect(await inRoom(n + 1)).toEqual([room.id]);
  }

  it('finds a free room, with the total of the stay and its nights', async () => {
    const response = await search(t.app, { ...week(0), property_id: property.id });
    expect(response.statusCode).toBe(200);
    const body = response.json<SearchResponse>();
    expect(body).toMatchObject({ total: 1, next_cursor: null, suggestions: [] });
    expect(body.items).toEqual([
      expect.objectContaining({ room_id: room.id, property_id: property.id, property_name: 'Search House', total_price: 350, nights: 7, price_per_week: 350, max_guests: 2, photo: null }),
    ]);
  });

  it('a booking excludes the room for its nights only', async () => {
    await insertBooking(db(), { roomId: room.id, userId: guestId, startDate: week(2).start_date, endDate: week(2).end_date });
    await expectExcludedOnlyFor(2);
  });

  it('a running hold excludes it; an expired hold does not; a cancelled booking does not', async () => {
    const hold = await insertBooking(db(), {
      roomId: room.id, userId: guestId, ...{ startDate: week(5).start_date, endDate: week(5).end_date },
      status: 'pending', paymentMethod: 'stripe', holdExpiresAt: new Date(Date.now() + 600_000),
    });
    await expectExcludedOnlyFor(5);
    await expireHold(db(), hold);
    // Written behind the app's back: the database's change notice drops the cached answer, on PostgreSQL a moment later.
    await vi.waitFor(async () => expect(await inRoom(5)).toEqual([room.id]), 5000);
    await insertBooking(db(), { roomId: room.id, userId: guestId, startDate: week(8).start_date, endDate: week(8).end_date, status: 'cancelled' });
    expect(await inRoom(8)).toEqual([room.id]);
  });

  it('a manual block excludes it for its nights only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/rooms/${room.id}/blocks`,
      headers: bearer(admin),
      payload: { start_date: week(11).start_date, end_date: week(11).end_date, note: 'Painting' },
    });
    expect(response.statusCode).toBe(201);
    await expectExcludedOnlyFor(11);
  });

  it('an imported calendar event excludes it for its nights only, even when it takes a single night', async () => {
    await insertImportedEvent(db(), room.id, addDays(week(14).start_date, 3), addDays(week(14).start_date, 4));
    await expectExcludedOnlyFor(14);
  });

  it('a stay that only touches a booking (departure day = arrival day) is free', async () => {
    const start = week(17).start_date;
    await insertBooking(db(), { roomId: room.id, userId: guestId, startDate: addDays(start, -7), endDate: start });
    await insertBooking(db(), { roomId: room.id, userId: guestId, startDate: week(17).end_date, endDate: addDays(week(17).end_date, 7) });
    expect(await inRoom(17)).toEqual([room.id]);
  });

  it('without dates, a room is found whatever its bookings, without total or nights', async () => {
    const body = (await search(t.app, { property_id: property.id })).json<SearchResponse>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).not.toHaveProperty('total_price');
    expect(body.items[0]).not.toHaveProperty('nights');
  });
});

describe('search: stay rules, capacity, amenities, prices', () => {
  let t: TestApp;
  let admin: string;
  let property: Property;
  const saturday = weekdayFrom(20, 6);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    property = await createProperty(t.app, admin, { name: 'Rules House' });
  });
  afterAll(() => t.close());

  it('keeps each room\'s changeover days, minimum and maximum nights and whole weeks', async () => {
    const saturdays = await createRoom(t.app, admin, property.id, { rules: { changeover_days: [6], min_nights: 1, max_nights: null, whole_weeks: false } });
    const longStays = await createRoom(t.app, admin, property.id, { rules: { changeover_days: [], min_nights: 14, max_nights: null, whole_weeks: false } });
    const shortStays = await createRoom(t.app, admin, property.id, { rules: { changeover_days: [], min_nights: 1, max_nights: 7, whole_weeks: false } });
    const weeks = await createRoom(t.app, admin, property.id, { rules: { changeover_days: [], min_nights: 1, max_nights: null, whole_weeks: true } });
    const find = async (start: string, nights: number) =>
      new Set(await foundIds(t.app, { start_date: start, end_date: addDays(start, nights), property_id: property.id, limit: 100 }));

    const week = await find(saturday, 7);
    expect([saturdays, shortStays, weeks].every((room) => week.has(room.id))).toBe(true);
    expect(week.has(longStays.id)).toBe(false);
    const sundayArrival = await find(addDays(saturday, 1), 7);
    expect(sundayArrival.has(saturdays.id)).toBe(false);
    expect(sundayArrival.has(weeks.id)).toBe(true);
    const fortnight = await find(saturday, 14);
    expect(fortnight.has(longStays.id)).toBe(true);
    expect(fortnight.has(shortStays.id)).toBe(false);
    const tenNights = await find(addDays(saturday, 2), 10);
    expect(tenNights.has(weeks.id)).toBe(false);
    expect(tenNights.has(saturdays.id)).toBe(false);
  });

  it('finds only rooms taking the whole party', async () => {
    const other = await createProperty(t.app, admin, { name: 'Capacity House' });
    const two = await createRoom(t.app, admin, other.id);
    const six = await createRoom(t.app, admin, other.id, { max_guests: 6 });
    expect(new Set(await foundIds(t.app, { property_id: other.id, guests: 2 }))).toEqual(new Set([two.id, six.id]));
    expect(await foundIds(t.app, { property_id: other.id, guests: 3 })).toEqual([six.id]);
    expect(await foundIds(t.app, { property_id: other.id, guests: 6, start_date: saturday, end_date: addDays(saturday, 7) })).toEqual([six.id]);
    expect(await foundIds(t.app, { property_id: other.id, guests: 7 })).toEqual([]);
  });

  it('asks every amenity listed, and labels them in the language asked', async () => {
    const other = await createProperty(t.app, admin, { name: 'Amenity House' });
    const both = await createRoom(t.app, admin, other.id, { amenities: ['wifi', 'desk'] });
    const wifi = await createRoom(t.app, admin, other.id, { amenities: ['wifi'] });
    expect(new Set(await foundIds(t.app, { property_id: other.id, amenities: 'wifi' }))).toEqual(new Set([both.id, wifi.id]));
    expect(await foundIds(t.app, { property_id: other.id, amenities: 'wifi,desk' })).toEqual([both.id]);
    expect(await foundIds(t.app, { property_id: other.id, amenities: 'wifi,desk,parking' })).toEqual([]);
    const english = (await search(t.app, { property_id: other.id, amenities: 'desk', lang: 'en' })).json<SearchResponse>();
    const french = (await search(t.app, { property_id: other.id, amenities: 'desk', lang: 'fr' })).json<SearchResponse>();
    expect(english.items[0]!.amenities).toHaveLength(2);
    expect(english.items[0]!.amenities).not.toEqual(french.items[0]!.amenities);
    expect(english.items[0]!.amenities).not.toContain('wifi');
  });

  it('filters on the stay\'s total with dates (season and discount applied), on the price per week without', async () => {
    const other = await createProperty(t.app, admin, { name: 'Price House' });
    const cheap = await createRoom(t.app, admin, other.id, { price_per_week: 300 });
    // Dearer per week, but its long-stay discount makes four weeks cheaper than the other's.
    const discounted = await createRoom(t.app, admin, other.id, { price_per_week: 320, long_stay_discounts: [{ min_weeks: 4, percent: 10 }] });
    const fourWeeks = { start_date: saturday, end_date: addDays(saturday, 28), property_id: other.id };
    const totals = (await search(t.app, fourWeeks)).json<SearchResponse>().items.map((item) => [item.room_id, item.total_price]);
    expect(totals).toEqual([[discounted.id, 1152], [cheap.id, 1200]]);
    expect(await foundIds(t.app, { ...fourWeeks, max_price: 1199.99 })).toEqual([discounted.id]);
    expect(await foundIds(t.app, { ...fourWeeks, min_price: 1152.01 })).toEqual([cheap.id]);
    expect(await foundIds(t.app, { property_id: other.id, max_price: 310 })).toEqual([cheap.id]);
    expect(await foundIds(t.app, { property_id: other.id, min_price: 310 })).toEqual([discounted.id]);
  });

  it("answers each stay's total as the quote does: seasons, the short stay charged as a week, long-stay tiers", async () => {
    const other = await createProperty(t.app, admin, { name: 'Season House' });
    const room = await createRoom(t.app, admin, other.id, {
      price_per_week: 280,
      seasonal_prices: [
        { start_date: addDays(saturday, 4), end_date: addDays(saturday, 11), price_per_week: 700 },
        { start_date: addDays(saturday, 60), end_date: addDays(saturday, 90), price_per_week: 420 },
        { start_date: addDays(saturday, -90), end_date: addDays(saturday, -60), price_per_week: 1 },
      ],
      long_stay_discounts: [{ min_weeks: 3, percent: 20 }],
    });
    for (const [from, nights] of [[0, 3], [0, 7], [2, 10], [-1, 21], [50, 28]] as const) {
      const stay = { start_date: addDays(saturday, from), end_date: addDays(saturday, from + nights) };
      const quoted = await t.app.inject({ url: `/api/rooms/${room.id}/quote?start_date=${stay.start_date}&end_date=${stay.end_date}` });
      const [item] = (await search(t.app, { ...stay, property_id: other.id })).json<SearchResponse>().items;
      expect(item, `${from}+${nights}`).toMatchObject({ room_id: room.id, nights, total_price: quoted.json<{ total_price: number }>().total_price });
    }
  });
});
