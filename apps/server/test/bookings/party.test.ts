import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booking, type Language, type QuoteResponse, type Room } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { bookings } from '../../src/db/schema.ts';
import { renderAdminBookingAlert, renderBookingConfirmation, type BookingPayload } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError } from '../support.ts';

/** The party of a booking (issue 26): checked against the room's max_guests, kept, answered and told in the messages. */
describe('the party on bookings and quotes', () => {
  let t: TestApp;
  let admin: string;
  let guest: string;
  let room: Room;
  const db = () => t.database.handle.db;
  const quote = (query: string) => t.app.inject({ url: `/api/rooms/${room.id}/quote?start_date=${siteDate(30)}&end_date=${siteDate(44)}${query}` });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    guest = (await registerUser(t.app)).token;
    const property = await createProperty(t.app, admin, { name: 'Party House' });
    room = await createRoom(t.app, admin, property.id, { max_guests: 4, long_stay_discounts: [{ min_weeks: 2, percent: 5 }] });
  });
  afterAll(() => t.close());

  it('a quote takes the party, refuses more than the room takes, and its price does not change with it', async () => {
    const alone = await quote('');
    expect(alone.statusCode).toBe(200);
    const four = await quote('&adults=2&children=2');
    expect(four.statusCode).toBe(200);
    expect(four.json<QuoteResponse>()).toEqual(alone.json<QuoteResponse>());
    const five = await quote('&adults=3&children=2');
    expectError(five, 400, 'too_many_guests');
    expect(five.json()).toMatchObject({ field: 'adults' });
    for (const bad of ['&adults=0', '&children=-1', '&adults=two', '&adults=1.5', '&adults=31', '&children=99999999999']) {
      const response = await quote(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code, bad).toBe('validation_error');
    }
  });

  it('a booking refuses more than the room takes, and writes nothing', async () => {
    const response = await book(t.app, guest, { room_id: room.id, start_date: siteDate(50), end_date: siteDate(57), adults: 2, children: 3 });
    expectError(response, 400, 'too_many_guests');
    expect(response.json()).toMatchObject({ field: 'adults' });
    expect(await db().select().from(bookings).where(eq(bookings.roomId, room.id))).toEqual([]);
    for (const bad of [{ adults: 0 }, { children: -1 }, { adults: '2' }, { adults: 1.5 }, { children: 31 }, { adults: null }]) {
      const refused = await book(t.app, guest, { room_id: room.id, start_date: siteDate(50), end_date: siteDate(57), ...bad } as never);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('keeps the party on the booking, answers it everywhere, and tells it in the e-mail and the owner\'s alert', async () => {
    const response = await book(t.app, guest, { room_id: room.id, start_date: siteDate(60), end_date: siteDate(67), adults: 2, children: 1 });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking).toMatchObject({ adults: 2, children: 1, source: 'web' });
    const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(guest) })).json<Booking[]>();
    expect(mine.find((row) => row.id === booking.id)).toMatchObject({ adults: 2, children: 1 });
    const all = (await t.app.inject({ url: '/api/admin/bookings', headers: bearer(admin) })).json<Booking[]>();
    expect(all.find((row) => row.id === booking.id)).toMatchObject({ adults: 2, children: 1 });

    const [message] = await db().select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `booking_confirmation:${booking.id}`));
    const payload = message!.payload as unknown as BookingPayload;
    expect(payload).toMatchObject({ adults: 2, children: 1 });
    const lines: Record<Language, string> = { fr: 'Voyageurs', es: 'Huéspedes', pt: 'Hóspedes', en: 'Guests' };
    const parties: Record<Language, string> = { fr: '2 adultes, 1 enfant', es: '2 adultos, 1 niño', pt: '2 adultos, 1 criança', en: '2 adults, 1 child' };
    for (const language of ['fr', 'es', 'pt', 'en'] as const) {
      const email = renderBookingConfirmation(language, payload);
      expect(email.text).toContain(lines[language]);
      expect(email.text).toContain(parties[language]);
      expect(email.html).toContain(parties[language]);
    }
    const [alert] = await db().select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `admin_booking_alert:${booking.id}`));
    expect(renderAdminBookingAlert('en', alert!.payload as unknown as BookingPayload)).toContain('Guests: 2 adults, 1 child');
    expect(renderBookingConfirmation('en', { ...payload, adults: 1, children: 0 }).text).toContain('1 adult');
    expect(renderBookingConfirmation('en', { ...payload, adults: 1, children: 0 }).text).not.toContain('child');
  });

  it('a booking without a party is one adult; the total is the quote\'s whatever the party', async () => {
    const quoted = (await t.app.inject({ url: `/api/rooms/${room.id}/quote?start_date=${siteDate(70)}&end_date=${siteDate(84)}` })).json<QuoteResponse>();
    const response = await book(t.app, guest, { room_id: room.id, start_date: siteDate(70), end_date: siteDate(84) });
    expect(response.statusCode).toBe(201);
    expect(response.json<Booking>()).toMatchObject({ adults: 1, children: 0, total_price: quoted.total_price });
  });

  it("the guest's own hold re-used for another way to pay takes the party asked now", async () => {
    const stay = { room_id: room.id, start_date: siteDate(90), end_date: siteDate(97) };
    const held = await book(t.app, guest, { ...stay, payment_method: 'stripe', adults: 1, children: 0 });
    expect(held.statusCode).toBe(201);
    const reused = await book(t.app, guest, { ...stay, payment_method: 'paypal', adults: 3, children: 1 });
    expect(reused.statusCode).toBe(200);
    expect(reused.json<Booking>()).toMatchObject({ id: held.json<Booking>().id, adults: 3, children: 1, payment_method: 'paypal' });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, held.json<Booking>().id));
    expect(row).toMatchObject({ adults: 3, children: 1 });
    // Still checked against the room on the re-used hold.
    expectError(await book(t.app, guest, { ...stay, payment_method: 'stripe', adults: 5 }), 400, 'too_many_guests');
  });
});

describe('max_guests on rooms', () => {
  let t: TestApp;
  let admin: string;
  let propertyId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    propertyId = (await createProperty(t.app, admin)).id;
  });
  afterAll(() => t.close());

  const write = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(admin), payload: { property_id: propertyId, room_number: `M${Math.random()}`.slice(0, 8), price_per_week: 300, ...payload } });

  it('is 2 when left out, kept between 1 and 30, answered on every read, and unchanged by an update that leaves it out', async () => {
    const created = await write('POST', '/api/rooms', {});
    expect(created.statusCode).toBe(201);
    const room = created.json<Room>();
    expect(room.max_guests).toBe(2);
    for (const max of [1, 30]) expect((await write('POST', '/api/rooms', { max_guests: max })).json<Room>().max_guests).toBe(max);
    const updated = await write('PUT', `/api/rooms/${room.id}`, { room_number: room.room_number, max_guests: 7 });
    expect(updated.json<Room>().max_guests).toBe(7);
    const untouched = await write('PUT', `/api/rooms/${room.id}`, { room_number: room.room_number });
    expect(untouched.json<Room>().max_guests).toBe(7);
    expect((await t.app.inject({ url: `/api/rooms/${room.id}` })).json<Room>().max_guests).toBe(7);
    const listed = (await t.app.inject({ url: `/api/rooms?property_id=${propertyId}` })).json<Room[]>();
    expect(listed.find((row) => row.id === room.id)?.max_guests).toBe(7);
  });

  it('refuses out of bounds and bad types with 400 on the field, and a guest writing it with 403', async () => {
    for (const max of [0, 31, -1, 2.5, '3', null, 1e20, true]) {
      const response = await write('POST', '/api/rooms', { max_guests: max });
      expect(response.statusCode, String(max)).toBe(400);
      expect(response.json(), String(max)).toMatchObject({ code: 'validation_error', field: 'max_guests' });
    }
    const { token } = await registerUser(t.app);
    const guestWrite = await t.app.inject({ method: 'POST', url: '/api/rooms', headers: bearer(token), payload: { property_id: propertyId, room_number: 'X', price_per_week: 1, max_guests: 30 } });
    expect(guestWrite.statusCode).toBe(403);
  });
});
