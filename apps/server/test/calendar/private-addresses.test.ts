import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar, Room } from '@roomweek/contract';
import { roomCalendars } from '../../src/db/calendar-schema.ts';
import { isForbiddenAddress, isRefusedUrl } from '../../src/plugins/app/calendar/address-policy.ts';
import { FeedFetcher } from '../../src/plugins/app/calendar/feed-fetcher.ts';
import { buildTestApp, createProperty, createRoom, loginAdmin, type TestApp } from '../helper.ts';
import { expectRefused } from '../support.ts';
import { bookingComEvent, bookingComFeed, FeedServer } from './feed-server.ts';
import { calendarCalls } from './support.ts';

/** The feed fetcher cannot be turned against the host's network (docs/behaviour.md §14): without ICAL_ALLOW_PRIVATE. */
describe('feeds on private addresses', () => {
  let t: TestApp;
  let room: Room;
  let calls: ReturnType<typeof calendarCalls>;
  const feeds = new FeedServer();

  beforeAll(async () => {
    await feeds.start();
    feeds.routes.set('/feed.ics', { kind: 'ics', body: bookingComFeed([bookingComEvent('p1', 3, 5)]) });
    t = await buildTestApp();
    const admin = await loginAdmin(t.app);
    room = await createRoom(t.app, admin, (await createProperty(t.app, admin)).id);
    calls = calendarCalls(t.app, admin);
  });
  afterAll(async () => {
    await t?.close();
    await feeds.stop();
  });

  it('refuses loopback, private, link-local, metadata and unique-local addresses when the feed is added', async () => {
    const port = feeds.port;
    for (const url of [
      `http://127.0.0.1:${port}/feed.ics`,
      `http://localhost:${port}/feed.ics`,
      `http://LOCALHOST.:${port}/feed.ics`,
      `http://[::1]:${port}/feed.ics`,
      `http://[::ffff:127.0.0.1]:${port}/feed.ics`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/feed.ics',
      'http://172.16.0.1/feed.ics',
      'http://192.168.1.10/feed.ics',
      'http://100.64.0.1/feed.ics',
      'http://0.0.0.0/feed.ics',
      'http://2130706433/feed.ics',
      'http://0x7f.1/feed.ics',
      'https://[fd00::1]/feed.ics',
      'https://[fe80::1]/feed.ics',
    ]) {
      await expectRefused(t.app.db, () => calls.send('POST', `/api/admin/rooms/${room.id}/calendars`, { name: 'Evil', url }), 400, 'calendar_url_refused');
    }
    for (const url of ['ftp://example.com/feed.ics', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://127.0.0.1/', 'not a url']) {
      await expectRefused(t.app.db, () => calls.send('POST', `/api/admin/rooms/${room.id}/calendars`, { name: 'Evil', url }), 400, 'validation_error');
    }
    expect(feeds.requests).toEqual([]);
  });

  it('refuses at connect time a name that resolves to a loopback address: nothing is fetched, the error is shown', async () => {
    // This machine's own name resolves to one of its addresses (127.0.0.1 or a private one here): never fetched.
    const name = os.hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    expect(addresses.length > 0 && addresses.every((entry) => isForbiddenAddress(entry.address)), `${name} → ${JSON.stringify(addresses)}`).toBe(true);
    // Written straight in the database: as if it had been added while the name pointed elsewhere (DNS rebinding).
    const [row] = await t.app.db
      .insert(roomCalendars)
      .values({ roomId: room.id, name: 'Rebound', url: feeds.url('/feed.ics', name) })
      .returning({ id: roomCalendars.id });
    const response = await calls.sync(room.id, row!.id);
    expect(response.json<Calendar>()).toMatchObject({ last_error: 'address_refused', last_synced_at: null, events: 0 });
    expect(feeds.requests).toEqual([]);
  });

  it('checks the very addresses the connection uses (no DNS-rebinding window)', async () => {
    // A made-up name that resolves to the loopback, where the feed server listens.
    const toLoopback = ((_host: string, _options: object, callback: (error: null, addresses: LookupAddress[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof dnsLookup;
    const url = `http://calendar.example:${feeds.port}/feed.ics`;
    await expect(new FeedFetcher({ allowPrivate: false, resolve: toLoopback }).fetch(url)).rejects.toMatchObject({ failure: 'address_refused' });
    expect(feeds.requests).toEqual([]);
    // The same fetch where private addresses are allowed connects where that lookup said: the checked lookup is the one used.
    expect(await new FeedFetcher({ allowPrivate: true, resolve: toLoopback }).fetch(url)).toMatchObject({ kind: 'feed' });
    expect(feeds.requestsTo('/feed.ics')).toHaveLength(1);
  });

  it('judges addresses by their range', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '100.127.255.255', '0.0.0.0', '::1', '::', 'fd12:3456::1', 'fc00::1', 'fe80::1%eth0', '::ffff:10.0.0.1', '::ffff:7f00:1', '224.0.0.1', '255.255.255.255']) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
    expect(isRefusedUrl('https://www.airbnb.com/calendar/ical/1.ics?s=abc', false)).toBe(false);
    expect(isRefusedUrl('http://127.0.0.1/feed.ics', true)).toBe(false);
    expect(isRefusedUrl('ftp://127.0.0.1/feed.ics', true)).toBe(true);
  });
});
