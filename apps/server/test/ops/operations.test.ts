import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError, expireHold } from '../support.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample of the exposition: `name{labels} value`, the labels as written (null: any). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('operations: readiness and metrics', () => {
  let t: TestApp;
  let admin: string;
  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    admin = await loginAdmin(t.app);
  });
  afterAll(() => t?.close());

  describe('GET /api/ready', () => {
    it('is ready once the database answers with every migration applied', async () => {
      const response = await t.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready' });
    });

    it('answers 503 not_ready while a migration of this code is missing from the database, liveness stays ok', async () => {
      const [last] = await queryRows<{ name: string }>(t.app.db, sql`select name from schema_migrations order by name desc limit 1`);
      await t.app.db.execute(sql`delete from schema_migrations where name = ${last!.name}`);
      try {
        const response = await t.app.inject({ url: '/api/ready' });
        expectError(response, 503, 'not_ready');
        expect(response.json<{ detail: string }>().detail).toContain(last!.name);
        expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await t.app.db.execute(sql`insert into schema_migrations (name) values (${last!.name})`);
      }
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    });

    it('answers 503 when the database is gone, and 503 shutting_down once shutdown begins, with Connection: close', async () => {
      const other = await buildTestApp();
      try {
        other.app.shutdown.begin();
        for (const url of ['/api/ready', '/api/health', '/api/properties']) {
          const response = await other.app.inject({ url });
          expectError(response, 503, 'shutting_down');
          expect(response.headers.connection).toBe('close');
          expect(response.headers['retry-after']).toBe('2');
        }
      } finally {
        await other.close();
      }
      const gone = await buildTestApp();
      try {
        await gone.database.handle.close();
        expectError(await gone.app.inject({ url: '/api/ready' }), 503, 'not_ready');
      } finally {
        await gone.app.close();
        await rm(gone.dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('GET /metrics', () => {
    it('does not exist without METRICS_TOKEN: the same 404 as any unknown path, whatever is sent', async () => {
      const off = await buildTestApp();
      try {
        for (const headers of [{}, bearer(TOKEN), bearer('')]) {
          expectError(await off.app.inject({ url: '/metrics', headers }), 404, 'not_found');
        }
      } finally {
        await off.close();
      }
    });

    it('needs the bearer token: none, another, a longer or shorter one, or another scheme answer 401', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer  `, TOKEN]) {
        const response = await t.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
        expectError(response, 401, 'unauthorized');
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.body).not.toContain('http_request_duration_seconds');
      }
      const ok = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers['cache-control']).toBe('no-store');
    });

    it('times requests by route pattern and status; an unknown path is "unmatched", never its raw URL', async () => {
      await t.app.inject({ url: '/api/properties' });
      await t.app.inject({ url: '/api/properties/not-a-uuid' });
      await t.app.inject({ url: '/no/such/page-12345' });
      const text = await scrape();
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/properties', status_code: '200' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/properties/:id' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('page-12345');
      expect(text).toContain('process_cpu_seconds_total');
    });

    it('counts bookings created, confirmed, cancelled and holds released, as the life cycle writes them', async () => {
      const before = await scrape();
      const count = (text: string, name: string, labels: Record<string, string> = {}) => sample(text, name, labels) ?? 0;
      const property = await createProperty(t.app, admin);
      const room = await createRoom(t.app, admin, property.id);
      const guest = await registerUser(t.app);
      const onSite = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) });
      const held = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(20), end_date: siteDate(27), payment_method: 'stripe' });
      const expiring = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37), payment_method: 'paypal' });
      expect([onSite.statusCode, held.statusCode, expiring.statusCode]).toEqual([201, 201, 201]);
      const cancelled = await t.app.inject({ method: 'PUT', url: `/api/bookings/${onSite.json<Booking>().id}/cancel`, headers: bearer(guest.token) });
      expect(cancelled.statusCode).toBe(200);
      // A refused cancel changes nothing and counts nothing.
      expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${onSite.json<Booking>().id}/cancel`, headers: bearer(guest.token) })).statusCode).toBe(409);
      await expireHold(t.app.db, expiring.json<Booking>().id);
      await t.app.paymentJobs.holds.runOnce();

      const after = await scrape();
      const delta = (name: string, labels: Record<string, string> = {}) => count(after, name, labels) - count(before, name, labels);
      expect(delta('roomweek_bookings_created_total', { payment_method: 'on_site' })).toBe(1);
      expect(delta('roomweek_bookings_created_total', { payment_method: 'stripe' })).toBe(1);
      expect(delta('roomweek_bookings_created_total', { payment_method: 'paypal' })).toBe(1);
      expect(delta('roomweek_bookings_confirmed_total')).toBe(1);
      expect(delta('roomweek_bookings_cancelled_total', { reason: 'user' })).toBe(1);
      expect(delta('roomweek_holds_released_total')).toBe(1);
    });

    it('reads the outbox backlog and its oldest age, and the payments waiting, from the database', async () => {
      const [expected] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from outbox_messages where status in ('pending', 'sending')`);
      expect(expected!.n).toBeGreaterThan(0); // the bookings above wrote messages; jobs are off in tests
      await t.app.db.execute(sql`update outbox_messages set created_at = now() - interval '1 hour' where status = 'pending'`);
      const text = await scrape();
      expect(sample(text, 'roomweek_database_up')).toBe(1);
      expect(sample(text, 'roomweek_outbox_backlog_messages')).toBe(expected!.n);
      expect(sample(text, 'roomweek_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
      expect(sample(text, 'roomweek_payments_open_attempts')).toBe(0);
      expect(sample(text, 'roomweek_payments_reconciliation_lag_seconds')).toBe(0);
      expect(sample(text, 'roomweek_refunds_pending')).toBe(0);
    });
  });
});
