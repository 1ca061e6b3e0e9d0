import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Booking, Report } from '@roomweek/contract';
import { addDays, daysBetween } from '@roomweek/contract';
import { bearer, book, createProperty, createRoom, registerUser, siteDate } from '../helper.ts';
import { signInStaff } from '../staff/staff-support.ts';
import { cancelBooking } from '../cancellation/cancellation-support.ts';
import { usePaymentsWorld } from '../payments/payments-support.ts';
import { checkoutWith, payDepositByCard } from '../balances/balances-support.ts';

const TAX = { code: 'tourist_tax', name: { fr: 'Taxe de séjour' }, kind: 'per_adult_night', amount: 2, max_nights: 7 };

/** The first day of the month two months ahead, its last day, and the next month's. */
function months() {
  const ahead = siteDate(62);
  const first = `${ahead.slice(0, 7)}-01`;
  const next = addDays(first, 32).slice(0, 7) + '-01';
  const afterNext = addDays(next, 32).slice(0, 7) + '-01';
  return { first, last: addDays(next, -1), next, nextLast: addDays(afterNext, -1), afterNext };
}

describe('the owner’s numbers: a hand-made month', () => {
  const w = usePaymentsWorld();

  async function handMadeMonth() {
    const { first, next } = months();
    const property = await createProperty(w.app, w.admin, { name: 'Rapport', taxes: [TAX] });
    const roomA = await createRoom(w.app, w.admin, property.id, { price_per_week: 700, room_number: 'A1' });
    const roomB = await createRoom(w.app, w.admin, property.id, { price_per_week: 700, room_number: 'B1' });
    const stay = async (room: typeof roomA, start: string, end: string, method: string, adults: number) => {
      const response = await book(w.app, w.guest.token, { room_id: room.id, start_date: start, end_date: end, payment_method: method, adults });
      if (response.statusCode !== 201) throw new Error(response.body);
      return response.json<Booking>();
    };
    // 1. A: days 3–10, card, 2 adults: rent 700 €, tax 2 × 2 × 7 = 28 €.
    const one = await stay(roomA, addDays(first, 2), addDays(first, 9), 'stripe', 2);
    await payDepositByCard(w, one);
    // 2. A: the last 4 nights of the month and 3 of the next, on site, 1 adult: rent 700 €, tax 14 €.
    const two = await stay(roomA, addDays(next, -4), addDays(next, 3), 'on_site', 1);
    // 3. B: days 12–19, card, 1 adult, paid then cancelled (free cancellation: 714 € back).
    const three = await stay(roomB, addDays(first, 11), addDays(first, 18), 'stripe', 1);
    await payDepositByCard(w, three);
    expect((await cancelBooking(w.app, w.guest.token, three.id)).json()).toMatchObject({ status: 'cancelled', refund_amount: 714 });
    // 4. B blocked days 20–25 (5 nights).
    await w.app.inject({ method: 'POST', url: `/api/admin/rooms/${roomB.id}/blocks`, headers: bearer(w.admin), payload: { start_date: addDays(first, 19), end_date: addDays(first, 24), note: 'works' } });
    // 5. B held, unpaid: the month's last 7 nights.
    const five = await stay(roomB, addDays(next, -7), next, 'stripe', 1);
    return { property, roomA, roomB, one, two, three, five };
  }

  const report = (token: string, query: string) => w.app.inject({ url: `/api/admin/reports?${query}`, headers: bearer(token) });

  it('every figure equals the hand count; a stay across the month’s end counts in both; empty months answer zeros', async () => {
    const world = await handMadeMonth();
    const { first, last, next, nextLast, afterNext } = months();
    const response = await report(w.admin, `from=${first}&to=${addDays(afterNext, 27)}&property_id=${world.property.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<Report>();
    expect(answer.periods.map((p) => [p.start, p.end])).toEqual([
      [first, last],
      [next, nextLast],
      [afterNext, addDays(afterNext, 27)],
    ]);
    const [month, following, empty] = answer.periods;
    const days = daysBetween(first, next);
    expect(month).toMatchObject({
      nights_available: 2 * days - 5,
      nights_sold: 7 + 4,
      nights_held: 7,
      occupancy: Math.round((11 / (2 * days - 5)) * 10_000) / 10_000,
      rent: 700 + 400,
      fees: 0,
      taxes: 28 + 8,
      adr: 100,
      revpar: Math.round((110_000 / (2 * days - 5))) / 100,
      bookings: 2,
      cancellations: 1,
      cancellation_rate: 0.3333,
      average_stay_nights: 7,
      average_lead_days: (daysBetween(siteDate(0), addDays(first, 2)) + daysBetween(siteDate(0), addDays(next, -4))) / 2,
      by_payment_method: { stripe: 1, paypal: 0, on_site: 1 },
      received: 0,
      refunded: 0,
    });
    expect(following).toMatchObject({ nights_sold: 3, nights_held: 0, rent: 300, taxes: 6, bookings: 0, cancellations: 0 });
    expect(empty).toMatchObject({ nights_sold: 0, rent: 0, bookings: 0, occupancy: 0, adr: 0, average_stay_nights: 0, received: 0 });
    expect(empty!.nights_available).toBe(2 * 28);
    // The total adds counts and cents before dividing.
    expect(answer.total).toMatchObject({ nights_sold: 14, rent: 1400, taxes: 42, bookings: 2, cancellations: 1, adr: 100 });

    // Money by the date it moved: today, two card payments in, one refund out.
    const today = (await report(w.admin, `from=${siteDate(0)}&to=${siteDate(0)}&group=day&property_id=${world.property.id}`)).json<Report>();
    expect(today.total).toMatchObject({ received: 728 + 714, refunded: 714 });
    // One room: only its own.
    const roomA = (await report(w.admin, `from=${first}&to=${last}&room_id=${world.roomA.id}`)).json<Report>();
    expect(roomA.total).toMatchObject({ nights_available: days, nights_sold: 11, nights_held: 0, cancellations: 0 });
    // By week and by day the same nights add up.
    const weekly = (await report(w.admin, `from=${first}&to=${last}&group=week&property_id=${world.property.id}`)).json<Report>();
    expect(weekly.total).toMatchObject({ nights_sold: 11, rent: 1100, taxes: 36, nights_available: 2 * days - 5 });
    const daily = (await report(w.admin, `from=${first}&to=${last}&group=day&property_id=${world.property.id}`)).json<Report>();
    expect(daily.periods).toHaveLength(days);
    expect(daily.total).toMatchObject({ nights_sold: 11, rent: 1100, taxes: 36 });
  });

  it('the monthly rollup follows every change: a cancellation, a release, a deletion; it always equals the day-by-day count', async () => {
    const { first, last, next } = months();
    const property = await createProperty(w.app, w.admin, { name: 'Rollup', taxes: [TAX] });
    const room = await createRoom(w.app, w.admin, property.id, { price_per_week: 910 });
    const stay = async (start: string, end: string, method: string) =>
      (await book(w.app, w.guest.token, { room_id: room.id, start_date: start, end_date: end, payment_method: method, adults: 2 })).json<Booking>();
    const kept = await stay(addDays(first, 1), addDays(first, 6), 'on_site');
    const across = await stay(addDays(next, -3), addDays(next, 9), 'on_site');
    const cancelled = await stay(addDays(first, 10), addDays(first, 17), 'on_site');
    expect((await w.app.inject({ method: 'PUT', url: `/api/bookings/${cancelled.id}/cancel`, headers: bearer(w.admin), payload: { reason: 'test' } })).statusCode).toBe(200);
    const query = `property_id=${property.id}`;
    const byMonth = async () => (await report(w.admin, `from=${first}&to=${addDays(next, 30)}&${query}`)).json<Report>();
    const byDay = async () => (await report(w.admin, `from=${first}&to=${addDays(next, 30)}&group=day&${query}`)).json<Report>();
    const monthOf = (answer: Report, start: string) => answer.periods.find((p) => p.start === start)!;
    const sumDays = (answer: Report, from: string, to: string) => {
      const days = answer.periods.filter((p) => p.start >= from && p.start <= to);
      const add = (key: 'nights_sold' | 'rent' | 'taxes' | 'bookings' | 'cancellations') => Math.round(days.reduce((sum, p) => sum + p[key] * 100, 0)) / 100;
      return { nights_sold: add('nights_sold'), rent: add('rent'), taxes: add('taxes'), bookings: add('bookings'), cancellations: add('cancellations') };
    };
    const check = async () => {
      const [month, day] = [await byMonth(), await byDay()];
      expect(monthOf(month, first)).toMatchObject(sumDays(day, first, last));
      return month;
    };
    const before = await check();
    // 5 nights (a stay under a week costs a week: 910 €) + 3 of the 12 nights across the month's end (1,560 € × 3 ÷ 12).
    expect(monthOf(before, first)).toMatchObject({ nights_sold: 8, rent: 910 + 390, bookings: 2, cancellations: 1 });
    // The stay across the month's end cancelled: taken out of both months.
    await w.app.inject({ method: 'PUT', url: `/api/bookings/${across.id}/cancel`, headers: bearer(w.admin), payload: {} });
    const after = await check();
    expect(monthOf(after, first)).toMatchObject({ nights_sold: 5, rent: 910, bookings: 1, cancellations: 2 });
    expect(monthOf(after, next)).toMatchObject({ nights_sold: 0, rent: 0 });
    // A row deleted outright (an operator's hand) leaves nothing behind.
    await w.app.db.execute(sql`delete from check_ins where booking_id = ${kept.id}`);
    await w.app.db.execute(sql`delete from bookings where id = ${kept.id}`);
    expect(monthOf(await check(), first)).toMatchObject({ nights_sold: 0, rent: 0, bookings: 0 });
  });

  it('admins and staff read it; guests 403, anonymous 401; bad ranges and groups 400 naming the field', async () => {
    const { first, last } = months();
    const staff = await signInStaff(w.app);
    expect((await report(staff.token, `from=${first}&to=${last}`)).statusCode).toBe(200);
    expect((await report(w.guest.token, `from=${first}&to=${last}`)).statusCode).toBe(403);
    expect((await w.app.inject({ url: `/api/admin/reports?from=${first}&to=${last}` })).statusCode).toBe(401);
    for (const bad of [`from=${last}&to=${first}`, `from=${first}&to=${addDays(first, 3 * 366)}`, `from=${first}&to=${last}&group=year`, `from=${first}`, `from=nope&to=${last}`, `from=${first}&to=${last}&room_id=1`]) {
      const refused = await report(w.admin, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_error' });
    }
    expect((await report(w.admin, `from=${first}&to=${addDays(first, 3 * 366 - 1)}&group=day`)).statusCode).toBe(200);
  });
});

describe('the CSV exports', () => {
  const w = usePaymentsWorld();
  const csv = (text: string) => parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

  it('bookings, payments and taxes: parsed back they equal the API’s figures; formulas are neutralised; admins only', async () => {
    const property = await createProperty(w.app, w.admin, { name: '=HYPERLINK("http://evil")', taxes: [TAX] });
    const room = await createRoom(w.app, w.admin, property.id, { price_per_week: 700 });
    const guest = await registerUser(w.app, { first_name: '=HYPERLINK("x")', name: 'Doe, "Jr"' });
    const response = await book(w.app, guest.token, { room_id: room.id, start_date: siteDate(40), end_date: siteDate(47), payment_method: 'stripe', adults: 2 });
    const booking = response.json<Booking>();
    const session = await checkoutWith(w.app, guest.token, booking.id);
    expect(session.statusCode).toBe(200);
    w.stripe.markPaid(w.stripe.sessionFor(booking.id).id);
    await w.app.inject({ url: `/api/payments/status/${w.stripe.sessionFor(booking.id).id}`, headers: bearer(guest.token) });

    const bookingsCsv = await w.app.inject({ url: '/api/admin/exports/bookings.csv', headers: bearer(w.admin) });
    expect(bookingsCsv.statusCode).toBe(200);
    expect(bookingsCsv.headers['content-type']).toContain('text/csv');
    expect(bookingsCsv.body.slice(0, 27)).toBe('\uFEFFbooking,created_at,status,');
    const [row] = csv(bookingsCsv.body).filter((r) => r.booking === booking.id);
    expect(row).toMatchObject({ status: 'confirmed', property: `'=HYPERLINK("http://evil")`, nights: '7', adults: '2', rent: '700.00', taxes: '28.00', total: '728.00', paid: '728.00', refunded: '0.00' });
    expect(row!.guest).toBe(`'=HYPERLINK("x") Doe, "Jr"`);
    // The filters of the bookings screen.
    expect(csv((await w.app.inject({ url: '/api/admin/exports/bookings.csv?status=cancelled', headers: bearer(w.admin) })).body).map((r) => r.booking)).not.toContain(booking.id);

    const today = siteDate(0);
    const payments = csv((await w.app.inject({ url: `/api/admin/exports/payments.csv?from=${today}&to=${today}`, headers: bearer(w.admin) })).body);
    expect(payments.filter((p) => p.booking === booking.id)).toEqual([expect.objectContaining({ kind: 'payment', provider: 'stripe', amount: '728.00', date: today })]);

    const month = siteDate(40).slice(0, 7);
    const taxes = csv((await w.app.inject({ url: `/api/admin/exports/taxes.csv?from=${siteDate(40)}&to=${siteDate(40)}`, headers: bearer(w.admin) })).body);
    expect(taxes).toEqual([{ property: `'=HYPERLINK("http://evil")`, month, tax: 'tourist_tax', name: 'Taxe de séjour', stays: '1', units: '14', amount: '28.00' }]);

    const staff = await signInStaff(w.app);
    for (const url of ['/api/admin/exports/bookings.csv', `/api/admin/exports/payments.csv?from=${today}&to=${today}`, `/api/admin/exports/taxes.csv?from=${today}&to=${today}`]) {
      expect((await w.app.inject({ url, headers: bearer(staff.token) })).statusCode, url).toBe(403);
      expect((await w.app.inject({ url, headers: bearer(w.guest.token) })).statusCode, url).toBe(403);
    }
    expect((await w.app.inject({ url: `/api/admin/exports/taxes.csv?from=${today}&to=${addDays(today, -1)}`, headers: bearer(w.admin) })).statusCode).toBe(400);
  });
});
