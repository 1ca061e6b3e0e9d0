import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addDays, calendarDateIn, type AuthResponse, type Property, type Room } from '@roomweek/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createPglite, openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import type { Notifier } from '../src/plugins/app/notifications/notifier.ts';
import { and, eq } from 'drizzle-orm';
import { outboxMessages } from '../src/db/outbox-schema.ts';
import { emailVerifications, users } from '../src/db/schema.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const usePostgres = process.env.TEST_DB === 'pg';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string of this file's own PostgreSQL database (PostgreSQL runs only). */
  url?: string;
  drop: () => Promise<void>;
}

/** A database of this test file's own (`countQueries`: statements counted for `x-query-count`, as BENCH_COUNT_QUERIES does): a clone of the migrated PGlite template, or a fresh PostgreSQL database. */
/** Runs one statement as the test server's admin (create or drop a database). */
async function asPostgresAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database named `<prefix>_<random>` on the test server; `drop` removes it. */
export async function createEmptyPostgres(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await asPostgresAdmin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asPostgresAdmin(`drop database if exists ${name} with (force)`) };
}

export async function createTestDatabase({ countQueries = false } = {}): Promise<TestDatabase> {
  if (!usePostgres) {
    const template = await readFile(inject('pgliteTemplate'));
    const pglite = await createPglite(undefined, new Blob([template]));
    const handle = await openDatabase({ pglite, countQueries });
    return { handle, drop: () => handle.close() };
  }
  const empty = await createEmptyPostgres('rw_test');
  const handle = await openDatabase({ databaseUrl: empty.url, poolSize: 20, countQueries });
  return {
    handle,
    url: empty.url,
    drop: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}, dataDir: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SCRYPT_LOG_N: '12',
    AUTH_RATE_LIMIT: '10000',
    LOGIN_FAILURE_LIMIT: '10000',
    HASH_QUEUE_LIMIT: '1000',
    BOOKING_RATE_LIMIT: '10000',
    MAX_ACTIVE_BOOKINGS_PER_USER: '10000',
    MAX_UNPAID_NIGHTS_PER_USER: '100000',
    JOBS: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  dataDir: string;
  close: () => Promise<void>;
}

/** A real app on a database of its own, called through `app.inject`. */
export async function buildTestApp(
  options: { env?: Record<string, string>; database?: TestDatabase; notifier?: Notifier } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-test-'));
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env, dataDir);
  const app = await buildApp({ config, database: database.handle, notifier: options.notifier, webDist: path.join(dataDir, 'no-web') });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fixture for the tests of the describe block that calls this: made before them (beforeAll), closed after
 * (afterAll). The object answered is filled in place once made, so the tests read it as the fixture itself.
 */
export function useFixture<T extends { close: () => Promise<void> }>(make: () => Promise<T>): T {
  const fixture = {} as T;
  beforeAll(async () => {
    Object.assign(fixture, await make());
  });
  afterAll(() => fixture.close?.());
  return fixture;
}

/** `buildTestApp(options)` for the describe block that calls this (useFixture). */
export const useTestApp = (options?: Parameters<typeof buildTestApp>[0]) => useFixture(() => buildTestApp(options));

/** useTestApp with the admin signed in: `admin` is the admin's token. */
export const useAdminApp = (options?: Parameters<typeof buildTestApp>[0]) =>
  useFixture(async () => {
    const t = await buildTestApp(options);
    return { ...t, admin: await loginAdmin(t.app) };
  });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The site's today plus `days`, as `YYYY-MM-DD`. */
export const siteDate = (days: number, timeZone = 'Europe/Brussels') => addDays(calendarDateIn(timeZone), days);

let userCounter = 0;
/**
 * A new client account. `verified` (the default): its e-mail is proved as its link would (docs/decisions/0029), so it
 * may book on site; tests of the proof itself register with `{ verified: false }`.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<AuthResponse> {
  userCounter++;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: 'Martin',
      first_name: `Guest${userCounter}`,
      email: `guest${userCounter}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'secret123',
      birth_date: '1990-05-04',
      birth_place: 'Lyon',
      phone: '+33 6 12 34 56 78',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const session = response.json<AuthResponse>();
  if (!verified) return session;
  await proveEmail(app, session.user.id);
  return { ...session, user: { ...session.user, email_verified: true } };
}

/**
 * The account's e-mail proved as its link would do it, and the link's message gone from the outbox (as if sent and
 * used): tests about other messages see only theirs.
 */
export async function proveEmail(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  await app.db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  await app.db.delete(outboxMessages).where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, 'email_verification')));
}

export async function loginAdmin(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: 'admin123' },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json<AuthResponse>().token;
}

export async function createProperty(app: FastifyInstance, adminToken: string, overrides: Record<string, unknown> = {}): Promise<Property> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: bearer(adminToken),
    payload: { name: 'Test House', description: 'A quiet house', location: 'Gent, Belgium', room_count: 2, latitude: 51.05, longitude: 3.72, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`create property failed: ${response.body}`);
  return response.json<Property>();
}

export async function createRoom(
  app: FastifyInstance,
  adminToken: string,
  propertyId: string,
  overrides: Record<string, unknown> = {},
): Promise<Room> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/rooms',
    headers: bearer(adminToken),
    payload: { property_id: propertyId, room_number: `R${randomUUID().slice(0, 4)}`, price_per_week: 350, amenities: ['Wi-Fi'], ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`create room failed: ${response.body}`);
  return response.json<Room>();
}

export async function book(
  app: FastifyInstance,
  token: string,
  payload: { room_id: string; start_date: string; end_date: string; payment_method?: string; adults?: number; children?: number },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: bearer(token),
    payload: { payment_method: 'on_site', ...payload },
  });
}
