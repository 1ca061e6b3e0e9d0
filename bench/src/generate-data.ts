import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { addDays, AVAILABILITY_WINDOW_DAYS } from '@roomweek/contract';
import { migrate, openDatabase, queryRows, type Database, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { bookings, properties, rooms, users } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { occupiesNights } from '../../apps/server/src/plugins/app/bookings/bookings-service.ts';
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
    await handle.db.insert(users).values(data.users.map((user) => ({ ...user, passwordHash, role: 'client' as const })));
    await insertBookings(handle.db, data.firstBookings);
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}

/** Tops the bookings up from 5,000 to 50,000. */
export async function generateRest(target: Target, data: Dataset): Promise<void> {
  const handle = await open(target);
  try {
    await insertBookings(handle.db, data.restBookings);
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}

export interface PlanReport {
  bookings: number;
  /** The plan of the availability query, one line per node. */
  plan: string[];
  usesIndex: boolean;
}

/** EXPLAIN of the very query the availability call runs (built from the service's own condition). */
export async function explainAvailability(target: Target, data: Dataset): Promise<PlanReport> {
  const handle = await open(target);
  try {
    const roomId = data.probeRoomIds[0]!;
    const from = data.today;
    const to = addDays(from, AVAILABILITY_WINDOW_DAYS);
    const query = handle.db
      .select({ start_date: bookings.startDate, end_date: bookings.endDate })
      .from(bookings)
      .where(and(eq(bookings.roomId, roomId), lt(bookings.startDate, to), gt(bookings.endDate, from), occupiesNights()))
      .orderBy(asc(bookings.startDate));
    const { sql: text, params } = query.toSQL();
    // Inline the parameters: EXPLAIN cannot take bind parameters on every driver.
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(handle.db, sql.raw(`explain ${inlined}`));
    const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bookings`);
    const plan = rows.map((row) => row['QUERY PLAN']);
    return { bookings: count?.n ?? 0, plan, usesIndex: plan.some((line) => /Index (Only )?Scan|Bitmap Index Scan/.test(line)) && !plan.some((line) => /Seq Scan on bookings/.test(line)) };
  } finally {
    await handle.close();
  }
}
