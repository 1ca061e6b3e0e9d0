import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { bookings } from '../../src/db/schema.ts';
import { readBookingTotals } from '../../src/plugins/app/bookings/booking-totals-repository.ts';
import { FakeS3 } from '../fakes/s3-server.ts';
import { FakeWhatsapp } from '../fakes/fake-whatsapp.ts';
import { SmtpSink } from '../fakes/smtp-sink.ts';
import { createTestDatabase, siteDate, usePostgres, type TestDatabase } from '../helper.ts';
import { startServerProcess, type ServerProcess } from '../processes.ts';
import { expireHold, fileForm } from '../support.ts';

const ROOMS = 20;
const GUESTS = 50;
const IN_FLIGHT = 200;
const METRICS_TOKEN = 'two-instances-metrics-token';

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string };
}

async function call(server: ServerProcess, method: string, url: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const form = options.body instanceof FormData;
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(options.body && !form ? { 'content-type': 'application/json' } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: form ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

async function ok(answer: Promise<Answer>, status = 200): Promise<Answer['body']> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

/** Runs `tasks` with at most `limit` of them at once; answers their results in order. */
async function pooled<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const metric = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);

describe.runIf(usePostgres)('two server processes on one PostgreSQL and one bucket', () => {
  let database: TestDatabase;
  let s3: FakeS3;
  let smtp: SmtpSink;
  let whatsapp: FakeWhatsapp;
  const dataDirs: string[] = [];
  let one: ServerProcess;
  let two: ServerProcess;
  let admin: string;
  const instance = (i: number) => (i % 2 === 0 ? one : two);

  beforeAll(async () => {
    [database, s3, smtp, whatsapp] = await Promise.all([createTestDatabase(), FakeS3.start(), SmtpSink.start(), FakeWhatsapp.start()]);
    const shared = {
      DATABASE_URL: database.url!,
      JWT_SECRET: 'two-instances-shared-jwt-secret-0123456789',
      SETTINGS_KEY: 'two-instances-shared-settings-key-0123456789',
      ...s3.env(),
      SMTP_URL: smtp.url,
      WHATSAPP_API_URL: whatsapp.url,
      WHATSAPP_TOKEN: 'test-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      JOBS: 'true',
      JOB_INTERVAL_MS: '250',
      METRICS_TOKEN,
      // The race's guests book on site without proving their e-mail, several stays each (docs/decisions/0029): not what this tests.
      ON_SITE_REQUIRES_VERIFIED_EMAIL: 'false',
      MAX_UNPAID_NIGHTS_PER_USER: '100000',
    };
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(path.join(os.tmpdir(), `roomweek-instance-${i}-`)));
    // Started together: migrations and the first admin are serialised by the database's advisory lock.
    const started = await Promise.all(dataDirs.map((dataDir) => startServerProcess({ ...shared, DATA_DIR: dataDir })));
    [one, two] = [started[0]!, started[1]!];
    admin = String((await ok(call(one, 'POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password-for-tests' } }))).token);
    await ok(call(two, 'PUT', '/api/admin/whatsapp-settings', { token: admin, body: { whatsapp_number: '+32 470 12 34 56' } }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await Promise.all([database?.drop(), s3?.stop(), smtp?.stop(), whatsapp?.stop()]);
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('a token issued by one instance is accepted by the other, and a logout on one ends it on both', async () => {
    expect((await ok(call(two, 'GET', '/api/auth/me', { token: admin }))).role).toBe('admin');
    const guest = await ok(
      call(two, 'POST', '/api/auth/register', {
        body: { name: 'Silva', first_name: 'Ana', email: `ana-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123', birth_date: '1991-02-03', birth_place: 'Porto', phone: '+351 912 345 678' },
      }),
      201,
    );
    const token = String(guest.token);
    expect((await ok(call(one, 'GET', '/api/auth/me', { token }))).first_name).toBe('Ana');
    await ok(call(one, 'POST', '/api/auth/logout', { token }), 204);
    const after = await call(two, 'GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
  });

  it('a photo uploaded through one instance is served by the other', async () => {
    const png = await sharp({ create: { width: 50, height: 40, channels: 3, background: { r: 0, g: 128, b: 255 } } }).png().toBuffer();
    const { url } = await ok(call(one, 'POST', '/api/upload', { token: admin, body: fileForm(png, 'p.png', 'image/png') }), 201);
    const [fromOne, fromTwo] = await Promise.all([fetch(`${one.url}${String(url)}`), fetch(`${two.url}${String(url)}`)]);
    expect([fromOne.status, fromTwo.status]).toEqual([200, 200]);
    expect(fromTwo.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromTwo.arrayBuffer()).equals(Buffer.from(await fromOne.arrayBuffer()))).toBe(true);
  });

  it("a change made through one instance is in the other's cached public reads within a second", async () => {
    const fields = { description: 'Cached', location: 'Gent', room_count: 1, latitude: 51.05, longitude: 3.72 };
    const property = await ok(call(one, 'POST', '/api/properties', { token: admin, body: { name: 'Before', ...fields } }), 201);
    const read = () => call(two, 'GET', `/api/properties/${String(property.id)}`);
    expect((await ok(read())).name).toBe('Before');
    expect((await ok(read())).name).toBe('Before'); // now answered from two's memory (PUBLIC_CACHE_SECONDS: 30)
    await ok(call(one, 'PUT', `/api/properties/${String(property.id)}`, { token: admin, body: { name: 'After', ...fields } }));
    const changed = Date.now();
    await until('the other instance to answer the change', async () => ((await ok(read())).name === 'After' ? true : undefined), 1000);
    console.log(`cache invalidation across instances: seen in ${Date.now() - changed} ms`);
  });

  it(`${ROOMS * GUESTS} booking requests for overlapping nights over both instances: exactly one winner per room's nights`, async () => {
    const rooms: string[] = [];
    for (let r = 0; r < ROOMS; r++) {
      const property = await ok(call(instance(r), 'POST', '/api/properties', { token: admin, body: { name: `Race ${r}`, description: 'd', location: 'Gent', room_count: 1 } }), 201);
      rooms.push(String((await ok(call(instance(r + 1), 'POST', '/api/rooms', { token: admin, body: { property_id: property.id, room_number: `R${r}`, price_per_week: 300 } }), 201)).id));
    }
    const guests = await pooled(
      Array.from({ length: GUESTS }, (_, g) => async () =>
        String(
          (
            await ok(
              call(instance(g), 'POST', '/api/auth/register', {
                body: { name: 'Racer', first_name: `G${g}`, email: `racer-${g}-${randomUUID().slice(0, 6)}@example.com`, password: 'secret123', birth_date: '1990-01-01', birth_place: 'Lyon', phone: '+33 6 12 34 56 78' },
              }),
              201,
            )
          ).token,
        ),
      ),
      10,
    );
    // Guest-major order: whatever is in flight, every room has several guests racing for it on both instances.
    // Every stay covers the nights from day 44 to day 49; a third pay by card (a pending hold takes the nights too).
    const tasks = guests.flatMap((token, g) =>
      rooms.map((roomId, r) => () =>
        call(instance(g + r), 'POST', '/api/bookings', {
          token,
          body: { room_id: roomId, start_date: siteDate(40 + (g % 5)), end_date: siteDate(50 + ((g + r) % 7)), payment_method: (g + r) % 3 === 0 ? 'stripe' : 'on_site' },
        }).then((answer) => ({ roomId, ...answer })),
      ),
    );
    const started = performance.now();
    const answers = await pooled(tasks, IN_FLIGHT);
    const seconds = (performance.now() - started) / 1000;
    const other = answers.filter((a) => a.status !== 201 && !(a.status === 409 && a.body.code === 'room_unavailable'));
    console.log(
      `two-instance race: ${answers.length} requests in ${seconds.toFixed(2)} s (${(answers.length / seconds).toFixed(0)} req/s over both), ` +
        `${answers.filter((a) => a.status === 201).length} × 201, ${answers.filter((a) => a.status === 409).length} × 409, other: ${other.length}`,
    );
    expect(other.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    for (const roomId of rooms) expect(answers.filter((a) => a.roomId === roomId && a.status === 201), roomId).toHaveLength(1);
    for (const roomId of rooms) {
      const held = await database.handle.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.roomId, roomId), ne(bookings.status, 'cancelled')));
      expect(held, roomId).toHaveLength(1);
    }
    // The admin's counters (kept by triggers, migration 0013) agree with the table after the race.
    const [counted] = await queryRows<{ n: number; confirmed: number }>(
      database.handle.db,
      sql`select count(*)::int as n, count(*) filter (where status = 'confirmed')::int as confirmed from bookings`,
    );
    const totals = await readBookingTotals(database.handle.db);
    expect({ n: totals.bookings, confirmed: totals.confirmed }).toEqual(counted);
  }, 120_000);

  it('each outbox message is sent once while both instances run the dispatcher', async () => {
    const accounts = await queryRows<{ email: string }>(database.handle.db, sql`select email from users where role = 'client' limit 40`);
    await pooled(accounts.map((account, i) => () => ok(call(instance(i), 'POST', '/api/auth/forgot-password', { body: { email: account.email } }))), 10);
    const rows = await until(
      'the outbox to drain',
      async () => {
        const all = await queryRows<{ id: string; channel: string; status: string; attempts: number }>(
          database.handle.db,
          sql`select id, channel, status, attempts from outbox_messages`,
        );
        return all.some((row) => row.status === 'pending' || row.status === 'sending') ? undefined : all;
      },
      30_000,
    );
    const emails = rows.filter((row) => row.channel === 'email');
    const alerts = rows.filter((row) => row.channel === 'whatsapp');
    expect(emails.length).toBeGreaterThanOrEqual(40);
    expect(alerts.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.status !== 'sent' || row.attempts !== 1)).toEqual([]);
    const messageIds = smtp.received.map((mail) => mail.headers['message-id']);
    expect(messageIds).toHaveLength(emails.length);
    expect(new Set(messageIds).size).toBe(emails.length);
    for (const row of emails) expect(messageIds.filter((id) => id?.startsWith(`<outbox-${row.id}@`))).toHaveLength(1);
    expect(whatsapp.accepted).toHaveLength(alerts.length);
  }, 60_000);

  it('each expired hold is released once while both instances run the hold job', async () => {
    const property = await ok(call(one, 'POST', '/api/properties', { token: admin, body: { name: 'Holds', description: 'd', location: 'Gent', room_count: 1 } }), 201);
    const room = await ok(call(two, 'POST', '/api/rooms', { token: admin, body: { property_id: property.id, room_number: 'H1', price_per_week: 300 } }), 201);
    const guest = await ok(
      call(one, 'POST', '/api/auth/register', {
        body: { name: 'Holder', first_name: 'H', email: `holder-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123', birth_date: '1990-01-01', birth_place: 'Lyon', phone: '+33 6 12 34 56 78' },
      }),
      201,
    );
    const scrape = async (server: ServerProcess) =>
      metric(await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(), 'roomweek_holds_released_total');
    const before = (await scrape(one)) + (await scrape(two));
    const holds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const booking = await ok(
        call(instance(i), 'POST', '/api/bookings', {
          token: String(guest.token),
          body: { room_id: room.id, start_date: siteDate(100 + 7 * i), end_date: siteDate(107 + 7 * i), payment_method: 'stripe' },
        }),
        201,
      );
      holds.push(String(booking.id));
    }
    for (const id of holds) await expireHold(database.handle.db, id);
    await until('both hold jobs to release every hold', async () => {
      const rows = await queryRows<{ n: number }>(
        database.handle.db,
        sql`select count(*)::int as n from bookings where id in (select jsonb_array_elements_text(${JSON.stringify(holds)}::jsonb)::uuid) and status = 'cancelled' and cancel_reason = 'expired'`,
      );
      return rows[0]!.n === holds.length ? true : undefined;
    });
    // Each release is counted by the instance whose statement changed the row: together, exactly once each.
    expect((await scrape(one)) + (await scrape(two)) - before).toBe(holds.length);
  });
});
