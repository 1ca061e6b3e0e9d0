import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, type Room } from '@roomweek/contract';
import { bearer, buildTestApp, createProperty, createRoom, createTestDatabase, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';

/**
 * The rules cost no statement (docs/behaviour.md §11, decision 0020): they ride on the room row the booking already
 * reads, and the calendar gets them in its one availability query. Statements counted as the bench counts them.
 */
describe('statements per call with stay rules', () => {
  let t: TestApp;
  let guest: string;
  let weekly: Room;
  let plain: Room;
  const firstSaturday = () => {
    const day = siteDate(14);
    return addDays(day, (6 - isoWeekday(day) + 7) % 7);
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    const admin = await loginAdmin(t.app);
    guest = (await registerUser(t.app)).token;
    // The device list notes a token's first request (decision 0034): done here, so both bookings count the same.
    await t.app.inject({ url: '/api/auth/me', headers: bearer(guest) });
    const property = await createProperty(t.app, admin);
    plain = await createRoom(t.app, admin, property.id);
    weekly = await createRoom(t.app, admin, property.id, {
      rules: { changeover_days: [6], min_nights: 7, whole_weeks: true },
      seasonal_prices: [{ start_date: siteDate(0), end_date: siteDate(300), price_per_week: 500 }],
      long_stay_discounts: [{ min_weeks: 1, percent: 5 }],
    });
  });
  afterAll(() => t.close());

  const count = (response: { headers: Record<string, unknown> }) => Number(response.headers['x-query-count']);

  it('books a room with rules in as many statements as a room without', async () => {
    const start = firstSaturday();
    const post = (roomId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: bearer(guest),
        payload: { room_id: roomId, start_date: start, end_date: addDays(start, 7), payment_method: 'on_site' },
      });
    const withoutRules = await post(plain.id);
    const withRules = await post(weekly.id);
    expect([withoutRules.statusCode, withRules.statusCode]).toEqual([201, 201]);
    expect(count(withRules)).toBe(count(withoutRules));
    expect(withRules.json().total_price).toBe(475);
  });

  it('answers the availability with the rules, and a quote, in one statement each', async () => {
    const availability = await t.app.inject({ url: `/api/rooms/${weekly.id}/availability` });
    expect(availability.json().rules.changeover_days).toEqual([6]);
    expect(count(availability)).toBe(1);
    const start = addDays(firstSaturday(), 14);
    const quote = await t.app.inject({ url: `/api/rooms/${weekly.id}/quote?start_date=${start}&end_date=${addDays(start, 14)}` });
    expect(quote.json().total_price).toBe(950);
    expect(count(quote)).toBe(1);
  });
});
