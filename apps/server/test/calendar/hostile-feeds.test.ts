import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '@roomweek/contract';
import { buildTestApp, createProperty, createRoom, loginAdmin, siteDate, type TestApp } from '../helper.ts';
import { airbnbEvent, airbnbFeed, FeedServer, icsDate, ics } from './feed-server.ts';
import { calendarCalls, ranges } from './support.ts';

/** A VCALENDAR of the given VEVENT lines, as a hostile party would publish it. */
const calendarOf = (...events: string[][]) => ics(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN', ...events.flat(), 'END:VCALENDAR']);
const recurring = (uid: string, start: string, rule: string) => ['BEGIN:VEVENT', `UID:${uid}`, `DTSTART;VALUE=DATE:${start}`, `RRULE:${rule}`, 'END:VEVENT'];

/**
 * Feeds written to hurt (issue 24, docs/decisions/0028-hostile-feeds-and-security-read.md): each is parsed in a worker
 * thread within a budget while the server keeps answering; the feed fails with a clear error and keeps its last good
 * blocks. The budget is 2 s here so the never-ending rule ends soon.
 */
describe('hostile calendar feeds', () => {
  let t: TestApp;
  let admin: string;
  let calls: ReturnType<typeof calendarCalls>;
  const feeds = new FeedServer();
  let feedNumber = 0;

  beforeAll(async () => {
    await feeds.start();
    t = await buildTestApp({ env: { ICAL_ALLOW_PRIVATE: 'true', ICAL_PARSE_BUDGET_MS: '2000' } });
    admin = await loginAdmin(t.app);
    calls = calendarCalls(t.app, admin);
  });
  afterAll(async () => {
    await t?.close();
    await feeds.stop();
  });

  const span = (start: number, end: number) => `${siteDate(start)}→${siteDate(end)}`;
  const imported = async (roomId: string) => ranges((await calls.blocks(roomId)).filter((block) => block.source === 'import' && !block.conflict));

  /**
   * A room's feed synced once with a good event (nights 10–14), then changed to `body` and synced again while
   * `/api/health` is asked as soon as the feed server has been asked: answers the feed after the second sync, how long
   * health took, and whether the sync was still running when health answered.
   */
  async function syncHostile(body: string) {
    const room = await createRoom(t.app, admin, (await createProperty(t.app, admin)).id);
    const path = `/hostile-${++feedNumber}.ics`;
    feeds.routes.set(path, { kind: 'ics', body: airbnbFeed([airbnbEvent('good-stay', 10, 14)]) });
    const calendar = await calls.addCalendar(room.id, 'Hostile', feeds.url(path));
    expect((await calls.sync(room.id, calendar.id)).json<Calendar>()).toMatchObject({ last_error: null, events: 1 });
    expect(await imported(room.id)).toEqual([span(10, 14)]);

    feeds.routes.set(path, { kind: 'ics', body });
    let syncDone = false;
    const sync = calls.sync(room.id, calendar.id).finally(() => {
      syncDone = true;
    });
    while (feeds.requestsTo(path).length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const asked = Date.now();
    const health = await t.app.inject({ url: '/api/health' });
    const healthMs = Date.now() - asked;
    const healthDuringSync = !syncDone;
    const response = await sync;
    expect(response.statusCode, response.body).toBe(200);
    expect(health.statusCode).toBe(200);
    return { room, after: response.json<Calendar>(), healthMs, healthDuringSync, blocks: await imported(room.id) };
  }

  it('a rule that never matches (30 February) loops in its thread until the budget ends it: over_budget, blocks kept', async () => {
    const started = Date.now();
    const result = await syncHostile(calendarOf(recurring('never', icsDate(5), 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')));
    expect(result.healthDuringSync).toBe(true);
    expect(result.healthMs).toBeLessThan(1000);
    expect(result.after).toMatchObject({ last_error: 'over_budget', events: 1 });
    expect(result.blocks).toEqual([span(10, 14)]);
    // Ended near its budget, not left to run.
    expect(Date.now() - started).toBeLessThan(20_000);
    // The next feed is parsed by a fresh thread as usual.
    const next = await syncHostile(airbnbFeed([airbnbEvent('good-next', 20, 27)]));
    expect(next.after).toMatchObject({ last_error: null, events: 1 });
    expect(next.blocks).toEqual([span(20, 27)]);
  });

  it('an unbounded daily rule from 1900 is refused (too many repetitions before the window ends), blocks kept', async () => {
    const result = await syncHostile(calendarOf(recurring('since-1900', '19000101', 'FREQ=DAILY')));
    expect(result.healthMs).toBeLessThan(1000);
    expect(result.after).toMatchObject({ last_error: 'too_many_events', events: 1 });
    expect(result.blocks).toEqual([span(10, 14)]);
  });

  it('a feed of 20,000 events is refused (counted before it is parsed) while the server answers, blocks kept', async () => {
    const events = Array.from({ length: 20_000 }, (_, n) => airbnbEvent(`flood-${n}`, 30 + (n % 300), 31 + (n % 300)));
    const result = await syncHostile(airbnbFeed(events));
    expect(result.healthMs).toBeLessThan(1000);
    expect(result.after).toMatchObject({ last_error: 'too_many_events', events: 1 });
    expect(result.blocks).toEqual([span(10, 14)]);
  });

  it('a rule finer than a day with a huge COUNT is ignored: its event takes its own nights, at once', async () => {
    const secondly = ['BEGIN:VEVENT', 'UID:every-second', `DTSTART;VALUE=DATE:${icsDate(40)}`, `DTEND;VALUE=DATE:${icsDate(42)}`, 'RRULE:FREQ=SECONDLY;COUNT=2000000000', 'END:VEVENT'];
    const hourly = ['BEGIN:VEVENT', 'UID:every-hour', `DTSTART:${icsDate(50)}T100000Z`, `DTEND:${icsDate(51)}T100000Z`, 'RRULE:FREQ=HOURLY;COUNT=999999999', 'END:VEVENT'];
    const started = Date.now();
    const result = await syncHostile(calendarOf(secondly, hourly));
    expect(result.healthMs).toBeLessThan(1000);
    expect(result.after).toMatchObject({ last_error: null, events: 2 });
    expect(result.blocks).toEqual([span(40, 42), span(50, 51)]);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
