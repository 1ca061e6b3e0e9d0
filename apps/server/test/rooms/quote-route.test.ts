import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, type Booking, type QuoteResponse, type Room } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { renderAdminBookingAlert, renderBookingConfirmation, type BookingPayload } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, book, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

/** The first Saturday at least `days` days from the site's today. */
function saturdayFrom(days: number): string {
  const day = siteDate(days);
  return addDays(day, (6 - isoWeekday(day) + 7) % 7);
}

/** docs/behaviour.md §11: GET /rooms/{id}/quote, and POST /bookings charging and refusing by the same quote. */
describe('quote of a stay, and the booking that follows it', () => {
  const t = useAdminApp();
  let guest: string;
  let weekly: Room;
  let plain: Room;
  const db = () => t.database.handle.db;
  const saturday = saturdayFrom(21);
  const seasonStart = addDays(saturday, 7);

  const quote = (roomId: string, start: string, end: string) =>
    t.app.inject({ url: `/api/rooms/${roomId}/quote?start_date=${start}&end_date=${end}` });

  beforeAll(async () => {
    guest = (await registerUser(t.app)).token;
    const property = await createProperty(t.app, t.admin, { name: 'Quote House' });
    weekly = await createRoom(t.app, t.admin, property.id, {
      price_per_week: 350,
      rules: { changeover_days: [6], min_nights: 14, max_nights: 56, whole_weeks: true },
      // The season starts one week into a stay that arrives on `saturday`.
      seasonal_prices: [{ start_date: seasonStart, end_date: addDays(seasonStart, 60), price_per_week: 700.01 }],
      long_stay_discounts: [{ min_weeks: 4, percent: 10 }],
    });
    plain = await createRoom(t.app, t.admin, property.id, { price_per_week: 299.99 });
  });

  it('is public and prices a Saturday-to-Saturday stay that crosses into a season, line by line', async () => {
    const response = await quote(weekly.id, saturday, addDays(saturday, 14));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      start_date: saturday,
      end_date: addDays(saturday, 14),
      nights: 14,
      lines: [
        expect.objectContaining({ kind: 'standard', nights: 7, start_date: saturday, end_date: seasonStart, price_per_week: 350, amount: 350 }),
        expect.objectContaining({ kind: 'season', nights: 7, start_date: seasonStart, end_date: addDays(saturday, 14), price_per_week: 700.01, amount: 700.01 }),
      ],
      subtotal: 1050.01,
      discount_percent: 0,
      discount_amount: 0,
      // No fee, tax or VAT on this property: the rent is the whole price (docs/behaviour.md §18).
      rent_total: 1050.01,
      fees_total: 0,
      taxes_total: 0,
      vat_included: 0,
      total_price: 1050.01,
      violations: [],
      // The site's terms by default: everything at booking (issue 28).
      deposit_amount: 1050.01,
      balance_amount: 0,
      balance_due_date: null,
    });
  });

  it('lists every rule a stay breaks, with the price still quoted', async () => {
    const sunday = addDays(saturday, 1);
    const body = (await quote(weekly.id, sunday, addDays(sunday, 3))).json<QuoteResponse>();
    expect(body.violations.map((v) => [v.code, v.field])).toEqual([
      ['changeover_day', 'start_date'],
      ['whole_weeks_only', 'end_date'],
      ['stay_too_short', 'end_date'],
    ]);
    // Charged as the 7 nights from the Sunday: 6 at 350/7 and the season's first at 700.01/7 (300 + 100.0014).
    expect(body.total_price).toBe(400);
    const tooLong = (await quote(weekly.id, saturday, addDays(saturday, 63))).json<QuoteResponse>();
    expect(tooLong.violations.map((v) => v.code)).toEqual(['stay_too_long']);
  });

  it('refuses what a booking refuses: bad dates (400), unknown or archived rooms (404), malformed input (400)', async () => {
    expectError(await quote(weekly.id, saturday, saturday), 400, 'invalid_dates');
    expectError(await quote(weekly.id, siteDate(-7), siteDate(7)), 400, 'date_in_past');
    expectError(await quote(weekly.id, siteDate(1), siteDate(400)), 400, 'stay_too_long');
    expectError(await quote(weekly.id, siteDate(800), siteDate(814)), 400, 'booking_too_far');
    expectError(await quote(randomUUID(), saturday, addDays(saturday, 14)), 404, 'room_not_found');
    expectError(await quote('not-a-room', saturday, addDays(saturday, 14)), 400, 'validation_error');
    expectError(await t.app.inject({ url: `/api/rooms/${weekly.id}/quote?start_date=${saturday}` }), 400, 'validation_error');
    expectError(await quote(weekly.id, '2031-02-30', '2031-03-03'), 400, 'validation_error');
    expectError(await quote(weekly.id, 'x'.repeat(5000), saturday), 400, 'validation_error');
    expectError(await t.app.inject({ url: `/api/rooms/${weekly.id}/quote?start_date=${saturday}&start_date=${saturday}&end_date=${addDays(saturday, 7)}` }), 400, 'validation_error');

    const property = await createProperty(t.app, t.admin, { name: 'Gone House' });
    const gone = await createRoom(t.app, t.admin, property.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${gone.id}`, headers: bearer(t.admin) })).statusCode).toBe(204);
    expectError(await quote(gone.id, saturday, addDays(saturday, 14)), 404, 'room_not_found');
  });

  it.each<[string, number, number, string]>([
    ['an arrival off the changeover day', 1, 14, 'changeover_day'],
    ['a departure off the changeover day', 0, 15, 'changeover_day'],
    ['a stay that is not whole weeks', 0, 0, 'whole_weeks_only'],
    ['a stay under the minimum', 0, 7, 'stay_too_short'],
    ['a stay over the maximum', 0, 63, 'stay_too_long'],
  ])('refuses %s with 400 and its code, and books nothing', async (_name, offset, nights, code) => {
    // `whole_weeks_only` alone: a Saturday-to-Saturday changeover with whole weeks makes it unreachable, so a room
    // whose only rule it is shows it.
    let roomId = weekly.id;
    let start = addDays(saturday, offset);
    let end = addDays(start, nights);
    if (code === 'whole_weeks_only') {
      roomId = (await createRoom(t.app, t.admin, weekly.property_id, { rules: { whole_weeks: true } })).id;
      start = siteDate(30);
      end = siteDate(40);
    }
    const refused = await expectRefused(db(), () => book(t.app, guest, { room_id: roomId, start_date: start, end_date: end }), 400, code);
    const quoted = (await quote(roomId, start, end)).json<QuoteResponse>();
    expect(quoted.violations[0]?.code).toBe(code);
    expect(refused.json().detail).toBe(quoted.violations[0]?.detail);
  });

  it('answers the first rule broken, in the documented order', async () => {
    const sunday = addDays(saturday, 1);
    await expectRefused(db(), () => book(t.app, guest, { room_id: weekly.id, start_date: sunday, end_date: addDays(sunday, 100) }), 400, 'changeover_day');
    const fortnights = await createRoom(t.app, t.admin, weekly.property_id, { rules: { whole_weeks: true, min_nights: 14 } });
    const tenNights = { room_id: fortnights.id, start_date: siteDate(30), end_date: siteDate(40) };
    expect((await quote(fortnights.id, tenNights.start_date, tenNights.end_date)).json<QuoteResponse>().violations.map((v) => v.code)).toEqual([
      'whole_weeks_only',
      'stay_too_short',
    ]);
    await expectRefused(db(), () => book(t.app, guest, tenNights), 400, 'whole_weeks_only');
  });

  it('still checks the site’s own limits first (dates in the past, a stay over a year)', async () => {
    await expectRefused(db(), () => book(t.app, guest, { room_id: weekly.id, start_date: siteDate(-7), end_date: siteDate(7) }), 400, 'date_in_past');
  });

  it.each<[string, () => Room, number, number]>([
    ['2 weeks into a season', () => weekly, 0, 14],
    ['4 weeks, season and long-stay tier', () => weekly, 0, 28],
    ['8 weeks from a later Saturday', () => weekly, 35, 56],
    ['3 nights without rules', () => plain, 3, 3],
    ['27 nights without rules', () => plain, 60, 27],
  ])('books at the quoted total: %s', async (_name, room, offset, nights) => {
    const start = addDays(saturday, offset);
    const end = addDays(start, nights);
    const quoted = (await quote(room().id, start, end)).json<QuoteResponse>();
    expect(quoted.violations).toEqual([]);
    const response = await book(t.app, guest, { room_id: room().id, start_date: start, end_date: end });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking.total_price).toBe(quoted.total_price);
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(guest) });
  });

  it('puts the quoted total, discount included, in the confirmation e-mail and the WhatsApp alert', async () => {
    const start = addDays(saturday, 112);
    const quoted = (await quote(weekly.id, start, addDays(start, 28))).json<QuoteResponse>();
    expect(quoted.discount_percent).toBe(10);
    const booking = (await book(t.app, guest, { room_id: weekly.id, start_date: start, end_date: addDays(start, 28) })).json<Booking>();
    const messages = await db().select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `booking_confirmation:${booking.id}`));
    const alerts = await db().select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `admin_booking_alert:${booking.id}`));
    expect(messages).toHaveLength(1);
    expect(alerts).toHaveLength(1);
    const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(quoted.total_price);
    for (const row of [...messages, ...alerts]) expect(row.payload.total_cents).toBe(Math.round(quoted.total_price * 100));
    expect(renderBookingConfirmation('en', messages[0]!.payload as unknown as BookingPayload).text).toContain(euros);
    expect(renderAdminBookingAlert('en', alerts[0]!.payload as unknown as BookingPayload)).toContain(euros);
  });

  it('re-uses the guest’s own hold after the rules change, rules not checked again', async () => {
    const start = addDays(saturday, 175);
    const held = await book(t.app, guest, { room_id: weekly.id, start_date: start, end_date: addDays(start, 14), payment_method: 'stripe' });
    expect(held.statusCode).toBe(201);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${weekly.id}`,
      headers: bearer(t.admin),
      payload: { property_id: weekly.property_id, room_number: weekly.room_number, price_per_week: 350, rules: { min_nights: 21 } },
    });
    expect(changed.statusCode).toBe(200);
    const switched = await book(t.app, guest, { room_id: weekly.id, start_date: start, end_date: addDays(start, 14), payment_method: 'on_site' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json<Booking>()).toMatchObject({ id: held.json<Booking>().id, total_price: held.json<Booking>().total_price });
  });
});
