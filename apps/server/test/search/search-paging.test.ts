import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, type Property, type Room, type SearchResponse } from '@roomweek/contract';
import { bearer, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { insertBooking } from '../support.ts';
import { foundIds, search, weekdayFrom } from './search-support.ts';

/** GET /api/search: the sorts, the cursor's pages while bookings come in, and the suggestions (issue 26). */
describe('search: sorts and pages', () => {
  let t: TestApp;
  let admin: string;
  let guestId: string;
  let property: Property;
  const rooms: Room[] = [];
  const stay = { start_date: siteDate(30), end_date: siteDate(37) };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    guestId = (await registerUser(t.app)).user.id;
    property = await createProperty(t.app, admin, { name: 'Paging House' });
    // Prices repeat (ties broken by room id) and capacities differ from the price order.
    const shapes = [[400, 2], [300, 4], [300, 3], [500, 2], [300, 6], [350, 5], [400, 1], [250, 2], [350, 2], [450, 3]] as const;
    for (const [price, guests] of shapes) rooms.push(await createRoom(t.app, admin, property.id, { price_per_week: price, max_guests: guests }));
  });
  afterAll(() => t.close());

  const byId = (a: Room, b: Room) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const ids = (list: Room[]) => list.map((room) => room.id);

  it('sorts by price (cheapest first), -price (dearest first) and capacity (smallest first), ties by room id', async () => {
    const asked = { property_id: property.id, limit: 100 };
    const price = [...rooms].sort((a, b) => a.price_per_week - b.price_per_week || byId(a, b));
    const dearest = [...rooms].sort((a, b) => b.price_per_week - a.price_per_week || byId(a, b));
    const capacity = [...rooms].sort((a, b) => a.max_guests - b.max_guests || byId(a, b));
    expect(await foundIds(t.app, asked)).toEqual(ids(price));
    expect(await foundIds(t.app, { ...asked, sort: 'price' })).toEqual(ids(price));
    expect(await foundIds(t.app, { ...asked, sort: '-price' })).toEqual(ids(dearest));
    expect(await foundIds(t.app, { ...asked, sort: 'capacity' })).toEqual(ids(capacity));
    expect(await foundIds(t.app, { ...asked, ...stay, sort: '-price' })).toEqual(ids(dearest));
  });

  it('pages with the cursor: every room once, in order, with the total of all pages', async () => {
    for (const sort of ['price', '-price', 'capacity']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const response = await search(t.app, { property_id: property.id, sort, limit: 3, cursor });
        expect(response.statusCode).toBe(200);
        const body = response.json<SearchResponse>();
        expect(body.total).toBe(10);
        expect(body.items.length).toBeLessThanOrEqual(3);
        seen.push(...body.items.map((item) => item.room_id));
        cursor = body.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(await foundIds(t.app, { property_id: property.id, sort, limit: 100 }));
    }
  });

  it('neither repeats nor skips a room when rooms are booked between pages', async () => {
    const order = await foundIds(t.app, { property_id: property.id, ...stay, limit: 100 });
    const first = (await search(t.app, { property_id: property.id, ...stay, limit: 4 })).json<SearchResponse>();
    expect(first.items.map((item) => item.room_id)).toEqual(order.slice(0, 4));
    // Between the pages: a room already shown and a room of the next page are booked for the stay.
    for (const roomId of [order[1]!, order[5]!]) {
      await insertBooking(t.database.handle.db, { roomId, userId: guestId, startDate: stay.start_date, endDate: stay.end_date });
    }
    const seen = first.items.map((item) => item.room_id);
    let cursor = first.next_cursor;
    while (cursor) {
      const body = (await search(t.app, { property_id: property.id, ...stay, limit: 4, cursor })).json<SearchResponse>();
      seen.push(...body.items.map((item) => item.room_id));
      cursor = body.next_cursor;
    }
    expect(seen).toEqual(order.filter((id) => id !== order[5]));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('search: suggestions', () => {
  let t: TestApp;
  let admin: string;
  let guestId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    guestId = (await registerUser(t.app)).user.id;
  });
  afterAll(() => t.close());

  it('offers up to three stays of the same length nearest the one asked, each with how many rooms it finds', async () => {
    const property = await createProperty(t.app, admin, { name: 'Full House' });
    const start = siteDate(40);
    const [a, b] = [await createRoom(t.app, admin, property.id), await createRoom(t.app, admin, property.id)];
    // Room a is booked from 3 days before to 3 days after the stay asked; room b blocked from the day before to 5 days after.
    await insertBooking(t.database.handle.db, { roomId: a.id, userId: guestId, startDate: addDays(start, -3), endDate: addDays(start, 10) });
    const blocked = await t.app.inject({
      method: 'POST', url: `/api/admin/rooms/${b.id}/blocks`, headers: bearer(admin),
      payload: { start_date: addDays(start, -1), end_date: addDays(start, 12) },
    });
    expect(blocked.statusCode).toBe(201);
    const response = await search(t.app, { property_id: property.id, start_date: start, end_date: addDays(start, 7) });
    const body = response.json<SearchResponse>();
    expect(body).toMatchObject({ items: [], total: 0, next_cursor: null });
    // Nearest first, the earlier of two as near: 8 days before (room b, free until its arrival), 9 days before, then 10
    // days before (both: room a's stay starts on the departure). 10 days after (room a) comes later.
    expect(body.suggestions).toEqual([
      { start_date: addDays(start, -8), end_date: addDays(start, -1), rooms: 1 },
      { start_date: addDays(start, -9), end_date: addDays(start, -2), rooms: 1 },
      { start_date: addDays(start, -10), end_date: addDays(start, -3), rooms: 2 },
    ]);
  });

  it('offers none without dates, when rooms match, or when nothing could match within 28 days', async () => {
    const property = await createProperty(t.app, admin, { name: 'Weekly House' });
    const room = await createRoom(t.app, admin, property.id);
    expect((await search(t.app, { property_id: property.id })).json<SearchResponse>().suggestions).toEqual([]);
    const start = siteDate(40);
    expect((await search(t.app, { property_id: property.id, start_date: start, end_date: addDays(start, 7) })).json<SearchResponse>().suggestions).toEqual([]);
    await insertBooking(t.database.handle.db, { roomId: room.id, userId: guestId, startDate: addDays(start, -40), endDate: addDays(start, 40) });
    // Written behind the app's back: the database's change notice drops the cached answer, on PostgreSQL a moment later.
    await vi.waitFor(async () => {
      const full = (await search(t.app, { property_id: property.id, start_date: start, end_date: addDays(start, 7) })).json<SearchResponse>();
      expect(full).toMatchObject({ items: [], total: 0, suggestions: [] });
    }, 5000);
  });

  it('keeps the stay rules and the party in what it suggests', async () => {
    const property = await createProperty(t.app, admin, { name: 'Saturday House' });
    const saturday = weekdayFrom(40, 6);
    const room = await createRoom(t.app, admin, property.id, { max_guests: 4, rules: { changeover_days: [6], min_nights: 7, max_nights: null, whole_weeks: false } });
    await insertBooking(t.database.handle.db, { roomId: room.id, userId: guestId, startDate: saturday, endDate: addDays(saturday, 7) });
    const asked = { property_id: property.id, start_date: saturday, end_date: addDays(saturday, 7) };
    const body = (await search(t.app, { ...asked, guests: 3 })).json<SearchResponse>();
    expect(body.suggestions).toEqual([
      { start_date: addDays(saturday, -7), end_date: saturday, rooms: 1 },
      { start_date: addDays(saturday, 7), end_date: addDays(saturday, 14), rooms: 1 },
      { start_date: addDays(saturday, -14), end_date: addDays(saturday, -7), rooms: 1 },
    ]);
    expect((await search(t.app, { ...asked, guests: 5 })).json<SearchResponse>().suggestions).toEqual([]);
  });

  it('counts the rooms of each set of stay rules on the days those rules allow, and with a price filter only rooms within it', async () => {
    const property = await createProperty(t.app, admin, { name: 'Mixed House' });
    const sunday = weekdayFrom(40, 7);
    await createRoom(t.app, admin, property.id, { price_per_week: 700, rules: { changeover_days: [6], min_nights: 7, max_nights: null, whole_weeks: false } });
    const cheap = await createRoom(t.app, admin, property.id, { price_per_week: 300 });
    const dear = await createRoom(t.app, admin, property.id, { price_per_week: 900 });
    for (const room of [cheap, dear]) {
      const blocked = await t.app.inject({
        method: 'POST', url: `/api/admin/rooms/${room.id}/blocks`, headers: bearer(admin),
        payload: { start_date: sunday, end_date: addDays(sunday, 7) },
      });
      expect(blocked.statusCode).toBe(201);
    }
    const asked = { property_id: property.id, start_date: sunday, end_date: addDays(sunday, 7) };
    // The Saturday room on the Saturdays either side; the two others once their block is behind or ahead of the stay.
    expect((await search(t.app, asked)).json<SearchResponse>()).toMatchObject({
      total: 0,
      suggestions: [
        { start_date: addDays(sunday, -1), end_date: addDays(sunday, 6), rooms: 1 },
        { start_date: addDays(sunday, 6), end_date: addDays(sunday, 13), rooms: 1 },
        { start_date: addDays(sunday, -7), end_date: sunday, rooms: 2 },
      ],
    });
    // Up to €500 for the week: only the €300 room, on the days it is free.
    expect((await search(t.app, { ...asked, max_price: 500 })).json<SearchResponse>().suggestions).toEqual([
      { start_date: addDays(sunday, -7), end_date: sunday, rooms: 1 },
      { start_date: addDays(sunday, 7), end_date: addDays(sunday, 14), rooms: 1 },
      { start_date: addDays(sunday, -8), end_date: addDays(sunday, -1), rooms: 1 },
    ]);
    // From €800: only the €900 room.
    expect((await search(t.app, { ...asked, min_price: 800 })).json<SearchResponse>().suggestions).toEqual([
      { start_date: addDays(sunday, -7), end_date: sunday, rooms: 1 },
      { start_date: addDays(sunday, 7), end_date: addDays(sunday, 14), rooms: 1 },
      { start_date: addDays(sunday, -8), end_date: addDays(sunday, -1), rooms: 1 },
    ]);
  });
});
