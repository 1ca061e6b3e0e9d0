import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse, AvailabilityResponse, Booking, Calendar, CalendarConflict, Room } from '@roomweek/contract';
import { book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, bearer, siteDate, type TestApp } from '../helper.ts';
import { expectError } from '../support.ts';
import { airbnbEvent, airbnbFeed, bookingComEvent, bookingComFeed, FeedServer, newYorkEvent } from './feed-server.ts';
import { calendarCalls, ranges } from './support.ts';

/**
 * Importing Airbnb's and Booking.com's feeds (docs/behaviour.md §14) from a local server: events block, move and go;
 * a failing feed keeps its last blocks; an event over one of our bookings is a conflict, never a cancellation.
 */
describe('imported calendars', () => {
  let t: TestApp;
  let admin: string;
  let guest: AuthResponse;
  let calls: ReturnType<typeof calendarCalls>;
  const feeds = new FeedServer();

  beforeAll(async () => {
    await feeds.start();
    t = await buildTestApp({ env: { ICAL_ALLOW_PRIVATE: 'true', METRICS_TOKEN: 'calendar-metrics-token-0123' } });
    admin = await loginAdmin(t.app);
    guest = await registerUser(t.app);
    calls = calendarCalls(t.app, admin);
  });
  afterAll(async () => {
    await t?.close();
    await feeds.stop();
  });
  beforeEach(() => {
    feeds.routes.clear();
  });

  async function newRoom(): Promise<Room> {
    return createRoom(t.app, admin, (await createProperty(t.app, admin)).id);
  }
  async function synced(roomId: string, calendarId: string): Promise<Calendar> {
    const response = await calls.sync(roomId, calendarId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Calendar>();
  }
  const imported = async (roomId: string) => ranges((await calls.blocks(roomId)).filter((block) => block.source === 'import' && !block.conflict));
  const span = (start: number, end: number) => `${siteDate(start)}→${siteDate(end)}`;
  const guestSees = async (roomId: string) =>
    (await t.app.inject({ url: `/api/rooms/${roomId}/availability?start=${siteDate(0)}&end=${siteDate(200)}` })).json<AvailabilityResponse>();

  it('turns the events of an Airbnb and a Booking.com feed into blocks: folded lines, CRLF, all-day dates, a time zone', async () => {
    const room = await newRoom();
    feeds.routes.set('/airbnb-a.ics', {
      kind: 'ics',
      body: airbnbFeed([
        airbnbEvent('1418fb94e984-a1', 10, 17),
        airbnbEvent('1418fb94e984-a2', 30, 33, 'Airbnb (Not available)'),
        newYorkEvent('owner-stay-ny', 40, 45),
      ]),
    });
    feeds.routes.set('/booking-a.ics', { kind: 'ics', body: bookingComFeed([bookingComEvent('bc-77aa', 20, 24)]) });
    const airbnb = await calls.addCalendar(room.id, 'Airbnb', feeds.url('/airbnb-a.ics'));
    const bookingCom = await calls.addCalendar(room.id, 'Booking.com', feeds.url('/booking-a.ics'));
    expect(airbnb).toMatchObject({ name: 'Airbnb', last_synced_at: null, last_attempt_at: null, last_error: null, events: 0 });

    expect(await synced(room.id, airbnb.id)).toMatchObject({ last_error: null, events: 3, conflicts: 0, last_synced_at: expect.any(String) });
    expect(await synced(room.id, bookingCom.id)).toMatchObject({ last_error: null, events: 1 });
    // 20:00 in New York is 02:00 the next day in Brussels: the first night is day 41.
    expect(await imported(room.id)).toEqual([span(10, 17), span(20, 24), span(30, 33), span(41, 45)].sort());
    const names = new Set((await calls.blocks(room.id)).map((block) => block.calendar_name));
    expect(names).toEqual(new Set(['Airbnb', 'Booking.com']));

    const seen = await guestSees(room.id);
    expect(ranges(seen.blocks)).toEqual([span(10, 17), span(20, 24), span(30, 33), span(41, 45)].sort());
    expectError(await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(21), end_date: siteDate(28) }), 409, 'room_unavailable');
    expectError(await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(44), end_date: siteDate(51) }), 409, 'room_unavailable');
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(45), end_date: siteDate(52) })).statusCode).toBe(201);
    // An imported block goes with its feed, not by hand.
    const anImported = (await calls.blocks(room.id)).find((block) => block.source === 'import')!;
    expectError(await calls.send('DELETE', `/api/admin/rooms/${room.id}/blocks/${anImported.id}`), 409, 'imported_block');
  });

  it('moves a changed event, frees the nights of an event removed between two fetches, blocks a new one', async () => {
    const room = await newRoom();
    feeds.routes.set('/airbnb-b.ics', { kind: 'ics', body: airbnbFeed([airbnbEvent('m1', 10, 17), airbnbEvent('m2', 30, 37)]) });
    const feed = await calls.addCalendar(room.id, 'Airbnb', feeds.url('/airbnb-b.ics'));
    await synced(room.id, feed.id);
    const before = new Map((await calls.blocks(room.id)).map((block) => [block.uid, block.id]));
    expect(await imported(room.id)).toEqual([span(10, 17), span(30, 37)]);

    feeds.routes.set('/airbnb-b.ics', { kind: 'ics', body: airbnbFeed([airbnbEvent('m1', 12, 19), airbnbEvent('m3', 50, 52)]) });
    expect(await synced(room.id, feed.id)).toMatchObject({ events: 2, last_error: null });
    expect(await imported(room.id)).toEqual([span(12, 19), span(50, 52)]);
    // The moved event is the same block (its UID), moved.
    expect((await calls.blocks(room.id)).find((block) => block.uid === 'm1@airbnb.com')!.id).toBe(before.get('m1@airbnb.com'));
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37) })).statusCode).toBe(201);
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(12) })).statusCode).toBe(201);
  });

  it('asks again with If-None-Match: an unchanged feed (304) keeps its blocks and counts as a success', async () => {
    const room = await newRoom();
    feeds.routes.set('/etag.ics', { kind: 'ics', etag: '"v1"', body: bookingComFeed([bookingComEvent('e1', 5, 9)]) });
    const feed = await calls.addCalendar(room.id, 'Booking.com', feeds.url('/etag.ics'));
    const first = await synced(room.id, feed.id);
    const second = await synced(room.id, feed.id);
    const asked = feeds.requestsTo('/etag.ics');
    expect(asked).toHaveLength(2);
    expect(asked[0]!.headers['if-none-match']).toBeUndefined();
    expect(asked[1]!.headers['if-none-match']).toBe('"v1"');
    expect(second.last_synced_at! >= first.last_synced_at!).toBe(true);
    expect(second).toMatchObject({ last_error: null, events: 1 });
    expect(await imported(room.id)).toEqual([span(5, 9)]);
  });

  it('fails closed: a 500, garbage, an oversized feed keep the last good blocks and tell why', async () => {
    const room = await newRoom();
    feeds.routes.set('/flaky.ics', { kind: 'ics', body: airbnbFeed([airbnbEvent('f1', 10, 17)]) });
    const feed = await calls.addCalendar(room.id, 'Airbnb', feeds.url('/flaky.ics'));
    const good = await synced(room.id, feed.id);

    const failures: [Parameters<typeof feeds.routes.set>[1], string][] = [
      [{ kind: 'status', status: 500 }, 'http_error:500'],
      [{ kind: 'ics', body: '<html><body>Maintenance</body></html>' }, 'unparsable'],
      [{ kind: 'ics', body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2026\r\n' }, 'unparsable'],
      [{ kind: 'ics', body: '' }, 'unparsable'],
      [{ kind: 'stream', bytes: 6 * 1024 * 1024 }, 'too_large'],
      [{ kind: 'stream', bytes: 6 * 1024 * 1024, announce: true }, 'too_large'],
    ];
    for (const [route, error] of failures) {
      feeds.routes.set('/flaky.ics', route);
      const failed = await synced(room.id, feed.id);
      expect(failed, error).toMatchObject({ last_error: error, last_synced_at: good.last_synced_at, events: 1 });
      expect(failed.last_attempt_at! > good.last_synced_at!).toBe(true);
      expect(await imported(room.id)).toEqual([span(10, 17)]);
      expectError(await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) }), 409, 'room_unavailable');
    }
    // Back to health: the error goes.
    feeds.routes.set('/flaky.ics', { kind: 'ics', body: airbnbFeed([airbnbEvent('f1', 10, 17)]) });
    expect(await synced(room.id, feed.id)).toMatchObject({ last_error: null });
  });

  it('gives up on a feed that does not answer within 10 seconds, keeping its blocks', { timeout: 30_000 }, async () => {
    const room = await newRoom();
    feeds.routes.set('/slow.ics', { kind: 'ics', body: bookingComFeed([bookingComEvent('s1', 3, 6)]) });
    const feed = await calls.addCalendar(room.id, 'Booking.com', feeds.url('/slow.ics'));
    await synced(room.id, feed.id);
    feeds.routes.set('/slow.ics', { kind: 'hang' });
    const started = Date.now();
    expect(await synced(room.id, feed.id)).toMatchObject({ last_error: 'timeout', events: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    expect(await imported(room.id)).toEqual([span(3, 6)]);
  });

  it('keeps an event over one of our bookings as a conflict: listed, taking no night, the guest keeps the booking', async () => {
    const room = await newRoom();
    const stay = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(50), end_date: siteDate(57) })).json<Booking>();
    feeds.routes.set('/clash.ics', { kind: 'ics', body: airbnbFeed([airbnbEvent('c1', 52, 55), airbnbEvent('c2', 60, 62)]) });
    const feed = await calls.addCalendar(room.id, 'Airbnb', feeds.url('/clash.ics'));
    expect(await synced(room.id, feed.id)).toMatchObject({ events: 1, conflicts: 1, last_error: null });

    const listed = (await calls.send('GET', '/api/admin/calendar-conflicts')).json<CalendarConflict[]>().filter((c) => c.room_id === room.id);
    expect(listed).toEqual([
      expect.objectContaining({
        room_id: room.id,
        room_number: room.room_number,
        calendar_id: feed.id,
        calendar_name: 'Airbnb',
        uid: 'c1@airbnb.com',
        start_date: siteDate(52),
        end_date: siteDate(55),
        booking: { id: stay.id, user_name: stay.user_name, start_date: siteDate(50), end_date: siteDate(57), status: 'confirmed' },
      }),
    ]);
    const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
    expect(mine.find((b) => b.id === stay.id)!.status).toBe('confirmed');
    const seen = await guestSees(room.id);
    expect(ranges(seen.blocks)).toEqual([span(60, 62)]);
    expect((await calls.timeline(`?start=${siteDate(49)}`)).blocks.filter((b) => b.room_id === room.id && b.conflict).map((b) => b.uid)).toEqual(['c1@airbnb.com']);

    // Our booking is cancelled: at the next sync the event takes its nights.
    expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${stay.id}/cancel`, headers: bearer(admin) })).statusCode).toBe(200);
    expect(await synced(room.id, feed.id)).toMatchObject({ events: 2, conflicts: 0 });
    expect((await calls.send('GET', '/api/admin/calendar-conflicts')).json<CalendarConflict[]>().filter((c) => c.room_id === room.id)).toEqual([]);
    expectError(await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(52), end_date: siteDate(53) }), 409, 'room_unavailable');
  });

  it('removing a feed frees the nights its events took', async () => {
    const room = await newRoom();
    feeds.routes.set('/gone.ics', { kind: 'ics', body: airbnbFeed([airbnbEvent('g1', 70, 77)]) });
    const feed = await calls.addCalendar(room.id, 'Airbnb', feeds.url('/gone.ics'));
    await synced(room.id, feed.id);
    expect((await calls.send('DELETE', `/api/admin/rooms/${room.id}/calendars/${feed.id}`)).statusCode).toBe(204);
    expect(await calls.calendars(room.id)).toEqual([]);
    expect(await calls.blocks(room.id)).toEqual([]);
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(70), end_date: siteDate(77) })).statusCode).toBe(201);
    expectError(await calls.sync(room.id, feed.id), 404, 'calendar_not_found');
  });

  it('follows a redirect, and ignores our own events echoed back by another platform', async () => {
    const room = await newRoom();
    feeds.routes.set('/old.ics', { kind: 'redirect', to: '/new.ics' });
    feeds.routes.set('/new.ics', {
      kind: 'ics',
      body: bookingComFeed([bookingComEvent('n1', 8, 9), bookingComEvent('booking-00000000-0000-4000-8000-000000000000@roomweek', 20, 27)]),
    });
    const feed = await calls.addCalendar(room.id, 'Vrbo', feeds.url('/old.ics'));
    expect(await synced(room.id, feed.id)).toMatchObject({ events: 1, last_error: null });
    expect(await imported(room.id)).toEqual([span(8, 9)]);
  });

  it('the job syncs the feeds that are due, each once, and "sync now" answers 409 while a sync holds the feed', async () => {
    const room = await newRoom();
    feeds.routes.set('/job.ics', { kind: 'ics', body: airbnbFeed([airbnbEvent('j1', 90, 97)]) });
    const feed = await calls.addCalendar(room.id, 'Airbnb', feeds.url('/job.ics'));
    // Other feeds of this file's rooms are due too (never tried, or a while ago): they are synced alike.
    await t.app.calendarSyncJob.runOnce();
    expect(await imported(room.id)).toEqual([span(90, 97)]);
    expect(feeds.requestsTo('/job.ics')).toHaveLength(1);
    // Tried a moment ago: not due again before ICAL_SYNC_MINUTES.
    await t.app.calendarSyncJob.runOnce();
    expect(feeds.requestsTo('/job.ics')).toHaveLength(1);

    await t.app.db.execute(sql`update room_calendars set sync_lease = gen_random_uuid(), sync_lease_until = now() + interval '1 minute' where id = ${feed.id}`);
    expectError(await calls.sync(room.id, feed.id), 409, 'calendar_sync_running');
    // A lease that ran out (its instance died) is taken over.
    await t.app.db.execute(sql`update room_calendars set sync_lease_until = now() - interval '1 second' where id = ${feed.id}`);
    expect((await calls.sync(room.id, feed.id)).statusCode).toBe(200);
  });

  it("tells the operator how far behind the feeds are (GET /metrics)", async () => {
    const room = await newRoom();
    feeds.routes.set('/broken.ics', { kind: 'status', status: 503 });
    const feed = await calls.addCalendar(room.id, 'Broken', feeds.url('/broken.ics'));
    await synced(room.id, feed.id);
    const scrape = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer calendar-metrics-token-0123' } });
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(scrape.body)?.[1]);
    expect(value('roomweek_ical_feeds')).toBeGreaterThanOrEqual(1);
    expect(value('roomweek_ical_feeds_failing')).toBeGreaterThanOrEqual(1);
    expect(value('roomweek_ical_sync_lag_seconds')).toBeGreaterThan(0);
  });

  it('refuses the same feed twice on a room, and more than 10 feeds', async () => {
    const room = await newRoom();
    await calls.addCalendar(room.id, 'Airbnb', feeds.url('/dup.ics'));
    expectError(await calls.send('POST', `/api/admin/rooms/${room.id}/calendars`, { name: 'Again', url: feeds.url('/dup.ics') }), 409, 'calendar_exists');
    for (let i = 1; i < 10; i++) await calls.addCalendar(room.id, `Feed ${i}`, feeds.url(`/many-${i}.ics`));
    expectError(await calls.send('POST', `/api/admin/rooms/${room.id}/calendars`, { name: 'Eleventh', url: feeds.url('/many-11.ics') }), 409, 'too_many_calendars');
  });
});
