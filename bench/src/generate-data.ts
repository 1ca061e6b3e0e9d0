import { Placeholder, sql } from 'drizzle-orm';
import { addDays, AVAILABILITY_WINDOW_DAYS } from '@roomweek/contract';
import { migrate, openDatabase, queryRows, type Database, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { bookings, properties, rooms, users } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { availabilityQuery } from '../../apps/server/src/plugins/app/bookings/bookings-repository.ts';
import { BENCH_PASSWORD, type BookingSeed, type Dataset } from './dataset.ts';

/** Where the data goes: the embedded database in DATA_DIR, or a PostgreSQL database by URL. */
export interface Target {
  databaseUrl?: string;
  dataDir: string;
}

const open = (target: Target): Promise<DatabaseHandle> =>
  openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 2 } : { dataDir: target.dataDir });

/** Multi-row inserts, a chunk at a time (PostgreSQL takes at most 65,535 parameters per statement). */
async function insertBookings(db: Database, rows: BookingSeed[]) {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(bookings).values(rows.slice(i, i + 2000));
}

/** Creates the schema and inserts properties, rooms, users and the first 5,000 bookings. */
export async function generateFirst(target: Target, data: Dataset): Promise<void> {
  const handle = await open(target);
  try {
    await migrate(handle.db);
    // Bench guests log in many times: their hash uses scrypt's lowest cost (the cost travels with the hash).
    const passwordHash = await hashPassword(BENCH_PASSWORD, 10);
    await handle.db.insert(properties).values(data.properties);
    await handle.db.insert(rooms).values(data.rooms);
    // Guests who proved their e-mail long ago: paying on site asks for it (decision 0029), and the race books on site.
    await handle.db.insert(users).values(data.users.map((user) => ({ ...user, passwordHash, role: 'client' as const, emailVerified: true })));
    await insertBookings(handle.db, data.firstBookings);
    // As autovacuum would have by the time the site serves (PGlite has no autovacuum: see docs/performance.md).
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }
}

/** Tops the bookings up from 5,000 to 50,000. */
export async function generateRest(target: Target, data: Dataset): Promise<void> {
  const handle = await open(target);
  try {
    await insertBookings(handle.db, data.restBookings);
    // As autovacuum would have by the time the site serves (PGlite has no autovacuum: see docs/performance.md).
    await handle.db.execute(sql`vacuum analyze`);
    // And the writes flushed, as the checkpointer would have by then: otherwise it spreads writing a million rows'
    // pages over the next minutes, while the larger size is measured. Needs the right to (superuser or
    // pg_checkpoint); without it the measure goes on.
    await handle.db.execute(sql`checkpoint`).catch(() => undefined);
  } finally {
    await handle.close();
  }
}

export interface PlanReport {
  bookings: number;
  /** The plan of the availability query, one line per node. */
  plan: string[];
  usesIndex: boolean;
  /** Median time of the availability query itself (driver round trip, no HTTP), over the probe rooms. */
  queryMs: number;
}

/** The availability query run on its own, many times: its median is steady where HTTP figures drift. */
async function timeAvailability(handle: DatabaseHandle, data: Dataset): Promise<number> {
  const query = availabilityQuery(handle.db).prepare('bench_availability');
  const window = { from: data.today, to: addDays(data.today, AVAILABILITY_WINDOW_DAYS) };
  const run = (i: number) => query.execute({ roomId: data.probeRoomIds[i % data.probeRoomIds.length]!, ...window });
  for (let i = 0; i < 100; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** EXPLAIN of the very query the availability call runs (the service's own builder, with this run's values). */
export async function explainAvailability(target: Target, data: Dataset): Promise<PlanReport> {
  const handle = await open(target);
  try {
    const values: Record<string, string> = {
      roomId: data.probeRoomIds[0]!,
      from: data.today,
      to: addDays(data.today, AVAILABILITY_WINDOW_DAYS),
    };
    const { sql: text, params } = availabilityQuery(handle.db).toSQL();
    const value = (param: unknown) =>
      param instanceof Placeholder ? values[param.name as string] : String(param);
    // Inline the parameters: EXPLAIN takes no bind parameters through every driver.
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => `'${String(value(params[Number(n) - 1])).replace(/'/g, "''")}'`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(handle.db, sql.raw(`explain ${inlined}`));
    const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bookings`);
    const plan = rows.map((row) => row['QUERY PLAN']);
    const bookingsScan = plan.filter((line) => / on bookings/.test(line));
    return {
      bookings: count?.n ?? 0,
      plan,
      usesIndex: bookingsScan.length > 0 && bookingsScan.every((line) => /Index|Bitmap Heap Scan/.test(line)),
      queryMs: await timeAvailability(handle, data),
    };
  } finally {
    await handle.close();
  }
}
