import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Block, Booking, IcalExport, Room, Timeline } from '@roomweek/contract';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError, expireHold } from '../support.ts';
import { calendarCalls } from './support.ts';

/** A room's exported feed (docs/behaviour.md §14): what Airbnb, Booking.com or Vrbo import from us. */
describe('the exported iCal feed', () => {
  let t: TestApp;
  let admin: string;
  let guest: AuthResponse;
  let calls: ReturnType<typeof calendarCalls>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    guest = await registerUser(t.app, { first_name: 'Ysolde', name: 'Quennell' });
    calls = calendarCalls(t.app, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newRoom(): Promise<Room> {
    return createRoom(t.app, admin, (await createProperty(t.app, admin, { name: 'Export House' })).id, { room_number: '12' });
  }
  const urlOf = async (roomId: string) => (await calls.timeline()).rooms.find((room) => room.id === roomId)!.ical_export_url;
  const fetchFeed = (url: string) => t.app.inject({ url: new URL(url).pathname });

  /** The feed parsed back with ical.js: each event's UID, all-day dates and summary. */
  function eventsOf(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text) as [string, unknown[], unknown[]]);
    return calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        start: event.startDate.toString(),
        end: event.endDate.toString(),
        allDay: event.startDate.isDate && event.endDate.isDate,
        summary: event.summary,
      };
    });
  }

  it('lists the stays and holds and the blocks as all-day events with stable UIDs, and nothing about the guest', async () => {
    const room = await newRoom();
    const stay = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) })).json<Booking>();
    const hold = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(20), end_date: siteDate(27), payment_method: 'stripe' })).json<Booking>();
    const cancelled = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37) })).json<Booking>();
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${cancelled.id}/cancel`, headers: bearer(guest.token) });
    const expired = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(40), end_date: siteDate(47), payment_method: 'paypal' })).json<Booking>();
    await expireHold(t.app.db, expired.id);
    const block = (await calls.block(room.id, siteDate(50), siteDate(53), 'Owner family week')).json<Block>();

    const url = await urlOf(room.id);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/ical\/[0-9a-f]{32}\.ics$/);
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    for (const secret of ['Ysolde', 'Quennell', guest.user.email, 'Owner family', 'EUR']) expect(response.body).not.toContain(secret);
    // The price, not as part of a UID's hex digits (a random id may hold "350").
    expect(response.body).not.toMatch(/(^|[^0-9a-f])350([^0-9a-f]|$)/im);

    const events = eventsOf(response.body);
    expect(events).toEqual([
      { uid: `booking-${stay.id}@roomweek`, start: siteDate(10), end: siteDate(17), allDay: true, summary: 'Reserved' },
      { uid: `booking-${hold.id}@roomweek`, start: siteDate(20), end: siteDate(27), allDay: true, summary: 'Reserved' },
      { uid: `block-${block.id}@roomweek`, start: siteDate(50), end: siteDate(53), allDay: true, summary: 'Not available' },
    ]);
    // The same UIDs at the next fetch: a platform updates its events rather than duplicating them.
    expect(eventsOf((await fetchFeed(url)).body).map((event) => event.uid)).toEqual(events.map((event) => event.uid));
  });

  it('regenerating the token kills the old URL at once', async () => {
    const room = await newRoom();
    const old = await urlOf(room.id);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const response = await calls.send('POST', `/api/admin/rooms/${room.id}/ical-token`);
    expect(response.statusCode).toBe(200);
    const fresh = response.json<IcalExport>().ical_export_url;
    expect(fresh).not.toBe(old);
    expect(await urlOf(room.id)).toBe(fresh);
    expectError(await fetchFeed(old), 404, 'not_found');
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
  });

  it('answers 404 for unknown, malformed and archived rooms\' tokens, alike', async () => {
    const room = await newRoom();
    const url = await urlOf(room.id);
    for (const path of ['/api/ical/00000000000000000000000000000000.ics', '/api/ical/nothex.ics', `/api/ical/${'f'.repeat(100)}.ics`, '/api/ical/%00.ics']) {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
    }
    expectError(await t.app.inject({ url: '/api/ical/0123456789abcdef0123456789abcdef.ics' }), 404, 'not_found');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(admin) })).statusCode).toBe(204);
    expectError(await fetchFeed(url), 404, 'not_found');
  });

  it('shows every room in the timeline with its URL, its stays and blocks of the window', async () => {
    const room = await newRoom();
    const leaving = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(100), end_date: siteDate(105) })).json<Booking>();
    const inside = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(110), end_date: siteDate(115), payment_method: 'stripe' })).json<Booking>();
    const after = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(140), end_date: siteDate(147) })).json<Booking>();
    const gone = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(120), end_date: siteDate(127) })).json<Booking>();
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${gone.id}/cancel`, headers: bearer(guest.token) });
    const block = (await calls.block(room.id, siteDate(128), siteDate(131), 'Plumber')).json<Block>();

    const response = await calls.send('GET', `/api/admin/timeline?start=${siteDate(105)}&days=28`);
    expect(response.statusCode).toBe(200);
    const timeline = response.json<Timeline>();
    expect(timeline).toMatchObject({ start: siteDate(105), days: 28, today: siteDate(0) });
    expect(timeline.rooms.find((r) => r.id === room.id)).toMatchObject({ room_number: '12', ical_export_url: expect.stringMatching(/\.ics$/) });
    expect(timeline.properties.find((p) => p.id === room.property_id)).toEqual({ id: room.property_id, name: 'Export House' });
    const mine = timeline.bookings.filter((b) => b.room_id === room.id);
    // The stay leaving on the first day is there (its departure), the cancelled one and the one after the window are not.
    expect(mine.map((b) => b.id)).toEqual([leaving.id, inside.id]);
    expect(mine[1]).toMatchObject({ status: 'pending', user_name: inside.user_name, user_email: guest.user.email, total_price: 350, payment_method: 'stripe', paid_amount: 0 });
    expect(mine.map((b) => b.id)).not.toContain(after.id);
    expect(timeline.blocks.filter((b) => b.room_id === room.id)).toEqual([expect.objectContaining({ id: block.id, note: 'Plumber', source: 'manual', conflict: false })]);
    // A day later, the stay that left the day before the first day is not shown.
    const nextDay = (await calls.send('GET', `/api/admin/timeline?start=${siteDate(106)}&days=28`)).json<Timeline>();
    expect(nextDay.bookings.filter((b) => b.room_id === room.id).map((b) => b.id)).toEqual([inside.id]);

    expectError(await calls.send('GET', '/api/admin/timeline?days=0'), 400, 'validation_error');
    expectError(await calls.send('GET', '/api/admin/timeline?days=63'), 400, 'validation_error');
    expectError(await calls.send('GET', '/api/admin/timeline?start=2026-02-30'), 400, 'validation_error');
    expectError(await calls.send('GET', '/api/admin/timeline?start=1999-01-01'), 400, 'validation_error');
    expect((await calls.send('GET', '/api/admin/timeline?days=1')).json<Timeline>().days).toBe(1);
  });
});
