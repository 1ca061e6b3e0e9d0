import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { bookings } from '../src/db/schema.ts';
import type { TestDatabase } from './helper.ts';

/**
 * Tables whose rows change on every request by design, not because a refused call changed data: user_sessions notes
 * when a token was last seen, whatever the call then answers (docs/decisions/0034).
 */
const VOLATILE_TABLES = new Set(['rate_limits', 'schema_migrations', 'user_sessions']);

/**
 * Rows written on purpose by a refused call: the audit log's record of every sign-in, failed ones included (docs/
 * decisions/0039). Every other audit entry counts: a refused write must leave none.
 */
const KEPT_ROWS: Record<string, ReturnType<typeof sql>> = { audit_log: sql`where action not like 'auth.sign_in.%'` };

/**
 * Every row of every application table, as sorted JSON text: two snapshots are equal when nothing was written.
 * Generic over the schema, so tables added by later migrations (outbox, payment events…) are covered too.
 */
export async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const kept = tables.map((row) => row.table_name).filter((table) => !VOLATILE_TABLES.has(table));
  const result: Record<string, string[]> = Object.fromEntries(kept.map((table) => [table, []]));
  if (kept.length === 0) return result;
  // Every table in one statement: one round trip however many tables there are.
  const rows = await queryRows<{ table_name: string; row: string }>(
    db,
    sql.join(
      kept.map((table) => sql`(select ${table}::text as table_name, row_to_json(t)::text as row from ${sql.identifier(table)} t ${KEPT_ROWS[table] ?? sql``})`),
      sql` union all `,
    ),
  );
  for (const { table_name: table, row } of rows) result[table]!.push(row);
  for (const table of kept) result[table]!.sort();
  return result;
}

/** Asserts a refusal: its status, its `{detail, code}` body. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({
    status,
    body: { code, detail: expect.any(String) },
  });
  expect(response.headers['content-type']).toMatch(/application\/json/);
}

/** Runs a call that must be refused and asserts its status, its code, and that no row of the database changed. */
export async function expectRefused(
  db: Database,
  call: () => Promise<LightMyRequestResponse>,
  status: number,
  code: string,
): Promise<LightMyRequestResponse> {
  const before = await snapshot(db);
  const response = await call();
  expectError(response, status, code);
  expect(await snapshot(db), `a refused call (${status} ${code}) changed the database`).toEqual(before);
  return response;
}

/**
 * A second, independent connection pool on the same PostgreSQL database: what a second app instance would open.
 * Closing it leaves the database in place (the first handle's owner drops it).
 */
export async function openSecondHandle(database: TestDatabase, { countQueries = false } = {}): Promise<TestDatabase> {
  if (!database.url) throw new Error('a second handle needs a PostgreSQL database (TEST_DB=pg)');
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 20, countQueries });
  return { handle, url: database.url, drop: () => handle.close() };
}

/** A multipart form with one file in the field `file` (or another field name). */
export function fileForm(bytes: Buffer, filename: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/**
 * Writes a booking straight into the database, for states the API rightly refuses to create (stays in the past,
 * holds already expired). Answers its id.
 */
export async function insertBooking(
  db: Database,
  values: {
    roomId: string;
    userId: string;
    startDate: string;
    endDate: string;
    status?: 'confirmed' | 'pending' | 'cancelled';
    paymentMethod?: 'stripe' | 'paypal' | 'on_site';
    totalCents?: number;
    holdExpiresAt?: Date | null;
    userName?: string;
    userEmail?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(bookings)
    .values({
      roomId: values.roomId,
      userId: values.userId,
      userName: values.userName ?? 'Past Guest',
      userEmail: values.userEmail ?? 'past.guest@example.com',
      startDate: values.startDate,
      endDate: values.endDate,
      totalCents: values.totalCents ?? 35_000,
      status: values.status ?? 'confirmed',
      paymentMethod: values.paymentMethod ?? 'on_site',
      holdExpiresAt: values.holdExpiresAt ?? null,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** Moves a pending booking's hold into the past, as if its payment window had run out. */
export async function expireHold(db: Database, bookingId: string): Promise<void> {
  await db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
    .where(eq(bookings.id, bookingId));
}
