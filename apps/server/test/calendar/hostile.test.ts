import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Block, Calendar, Room } from '@roomweek/contract';
import { bearer, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectRefused } from '../support.ts';
import { calendarCalls } from './support.ts';

/**
 * Hostile calls on every calendar route (docs/behaviour.md §14): wrong roles, someone else's ids, bad types, huge values.
 * Each is refused with its `{detail, code}` and changes nothing; no feed is ever fetched (no address is reachable here).
 */
describe('calendar routes under hostile input', () => {
  let t: TestApp;
  let admin: string;
  let client: AuthResponse;
  let roomA: Room;
  let roomB: Room;
  let blockB: Block;
  let calendarB: Calendar;
  let calls: ReturnType<typeof calendarCalls>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    client = await registerUser(t.app);
    const property = await createProperty(t.app, admin);
    roomA = await createRoom(t.app, admin, property.id);
    roomB = await createRoom(t.app, admin, property.id);
    calls = calendarCalls(t.app, admin);
    blockB = (await calls.block(roomB.id, siteDate(10), siteDate(12))).json<Block>();
    calendarB = await calls.addCalendar(roomB.id, 'Airbnb', 'https://www.airbnb.com/calendar/ical/123.ics?s=secret');
  });
  afterAll(() => t?.close());

  const db = () => t.app.db;
  const raw = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const every = () => [
    ['GET', `/api/admin/timeline`],
    ['GET', `/api/admin/rooms/${roomA.id}/blocks`],
    ['POST', `/api/admin/rooms/${roomA.id}/blocks`, { start_date: siteDate(20), end_date: siteDate(22) }],
    ['DELETE', `/api/admin/rooms/${roomB.id}/blocks/${blockB.id}`],
    ['GET', `/api/admin/rooms/${roomA.id}/calendars`],
    ['POST', `/api/admin/rooms/${roomA.id}/calendars`, { name: 'X', url: 'https://example.com/x.ics' }],
    ['DELETE', `/api/admin/rooms/${roomB.id}/calendars/${calendarB.id}`],
    ['POST', `/api/admin/rooms/${roomB.id}/calendars/${calendarB.id}/sync`],
    ['POST', `/api/admin/rooms/${roomA.id}/ical-token`],
    ['GET', '/api/admin/calendar-conflicts'],
  ] as const;

  it('strangers get 401 and clients 403 on every admin calendar route', async () => {
    for (const [method, url, payload] of every()) {
      await expectRefused(db(), () => raw(method, url, null, payload), 401, 'unauthorized');
      await expectRefused(db(), () => raw(method, url, 'not-a-token', payload), 401, 'invalid_token');
      await expectRefused(db(), () => raw(method, url, client.token, payload), 403, 'forbidden');
    }
  });

  it("someone else's ids: a block or calendar of another room is not found, an unknown room too", async () => {
    await expectRefused(db(), () => raw('DELETE', `/api/admin/rooms/${roomA.id}/blocks/${blockB.id}`, admin), 404, 'block_not_found');
    await expectRefused(db(), () => raw('DELETE', `/api/admin/rooms/${roomA.id}/calendars/${calendarB.id}`, admin), 404, 'calendar_not_found');
    await expectRefused(db(), () => raw('POST', `/api/admin/rooms/${roomA.id}/calendars/${calendarB.id}/sync`, admin), 404, 'calendar_not_found');
    const nobody = randomUUID();
    await expectRefused(db(), () => raw('POST', `/api/admin/rooms/${nobody}/blocks`, admin, { start_date: siteDate(20), end_date: siteDate(22) }), 404, 'room_not_found');
    await expectRefused(db(), () => raw('GET', `/api/admin/rooms/${nobody}/blocks`, admin), 404, 'room_not_found');
    await expectRefused(db(), () => raw('GET', `/api/admin/rooms/${nobody}/calendars`, admin), 404, 'room_not_found');
    await expectRefused(db(), () => raw('POST', `/api/admin/rooms/${nobody}/calendars`, admin, { name: 'X', url: 'https://example.com/x.ics' }), 404, 'room_not_found');
    await expectRefused(db(), () => raw('POST', `/api/admin/rooms/${nobody}/ical-token`, admin), 404, 'room_not_found');
    await expectRefused(db(), () => raw('DELETE', `/api/admin/rooms/${roomB.id}/blocks/${nobody}`, admin), 404, 'block_not_found');
    // A block id given as a room, a room as a calendar: nothing matches.
    await expectRefused(db(), () => raw('DELETE', `/api/admin/rooms/${blockB.id}/blocks/${roomB.id}`, admin), 404, 'block_not_found');
  });

  it('bad types and huge values are 400 validation_error', async () => {
    const blockBodies: unknown[] = [
      {},
      { start_date: siteDate(20) },
      { start_date: 20, end_date: 22 },
      { start_date: '2026-13-01', end_date: '2026-13-08' },
      { start_date: `${siteDate(20)}T00:00:00Z`, end_date: siteDate(22) },
      { start_date: siteDate(20), end_date: siteDate(22), note: 42 },
      { start_date: siteDate(20), end_date: siteDate(22), note: 'x'.repeat(100_000) },
      { start_date: siteDate(20), end_date: siteDate(22), note: 'a\u0000b' },
      { start_date: [siteDate(20)], end_date: siteDate(22) },
      [],
      'block',
      null,
    ];
    for (const payload of blockBodies) await expectRefused(db(), () => raw('POST', `/api/admin/rooms/${roomA.id}/blocks`, admin, payload), 400, 'validation_error');
    const calendarBodies: unknown[] = [
      {},
      { name: '', url: 'https://example.com/a.ics' },
      { name: 'x'.repeat(101), url: 'https://example.com/a.ics' },
      { name: 'A', url: '' },
      { name: 'A', url: `https://example.com/${'a'.repeat(2000)}.ics` },
      { name: 'A', url: 42 },
      { name: 'A', url: 'webcal://example.com/a.ics' },
      { name: { $gt: '' }, url: 'https://example.com/a.ics' },
    ];
    for (const payload of calendarBodies) await expectRefused(db(), () => raw('POST', `/api/admin/rooms/${roomA.id}/calendars`, admin, payload), 400, 'validation_error');
    for (const url of [
      '/api/admin/rooms/not-a-uuid/blocks',
      `/api/admin/rooms/${roomA.id}/blocks/1`,
      `/api/admin/rooms/${roomA.id}/calendars/%27%20or%201=1/sync`,
      '/api/admin/timeline?days=abc',
      '/api/admin/timeline?days=1e9',
      '/api/admin/timeline?days=-1',
      '/api/admin/timeline?start=tomorrow',
      `/api/admin/timeline?start=${'9'.repeat(10_000)}`,
    ]) {
      const method = url.endsWith('/sync') ? 'POST' : url.includes('/blocks/') ? 'DELETE' : 'GET';
      await expectRefused(db(), () => raw(method, url, admin), 400, 'validation_error');
    }
  });

  it('the public feed takes nothing but its token, and says nothing about a wrong one', async () => {
    for (const url of ['/api/ical/.ics', `/api/ical/${'a'.repeat(5000)}.ics`, '/api/ical/..%2F..%2Fetc%2Fpasswd.ics', '/api/ical/abc']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json(), url).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    await expectRefused(db(), () => t.app.inject({ method: 'POST', url: '/api/ical/0123456789abcdef0123456789abcdef.ics' }), 404, 'not_found');
  });
});
