import { sql } from 'drizzle-orm';
import { addDays, isoWeekday } from '@roomweek/contract';
import { openDatabase, queryCounter, queryRows, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { BookingsRepository } from '../../apps/server/src/plugins/app/bookings/bookings-repository.ts';
import { CalendarRepository } from '../../apps/server/src/plugins/app/calendar/calendar-repository.ts';
import { PropertiesRepository } from '../../apps/server/src/plugins/app/properties/properties-repository.ts';
import { RoomsRepository } from '../../apps/server/src/plugins/app/rooms/rooms-repository.ts';
import { timeline } from '../../apps/server/src/plugins/app/calendar/timeline.ts';
import type { Dataset } from './dataset.ts';
import type { Target } from './generate-data.ts';

/** One call's statements at one size: their plans, and the call's median time (driver round trips, no HTTP). */
export interface CallPlan {
  name: string;
  /** Whether its cost should stay the same as bookings grow (an OFFSET page's cost grows with its offset by nature). */
  flat: boolean;
  bookings: number;
  /** The plan of each statement the call runs, one line per node. */
  plans: string[][];
  /** How each statement reaches the bookings table (its scan nodes), e.g. "Index Scan using bookings_created_at_idx". */
  bookingsScans: string[];
  queryMs: number;
}

/** A driver parameter as an SQL literal, so EXPLAIN can run the statement without bind parameters. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

const inline = (query: string, params: unknown[]) => query.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));

/** The Monday on or before a date: the timeline opens on its week. */
const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/** The booking-dependent reads of the admin screens, as their routes call them. */
function adminCalls(repository: BookingsRepository, calendar: CalendarRepository, data: Dataset, total: number): Array<{ name: string; flat: boolean; run: () => Promise<unknown> }> {
  return [
    { name: 'admin bookings page, first (limit 50)', flat: true, run: () => repository.listAll({ limit: 50, offset: 0 }) },
    { name: 'admin bookings page, deepest (limit 50)', flat: false, run: () => repository.listAll({ limit: 50, offset: Math.max(0, total - 50) }) },
    { name: 'admin overview: summary', flat: true, run: () => repository.summary() },
    { name: "admin overview: today's availability", flat: true, run: () => repository.availabilityOn(data.today) },
    // The owner's timeline (issue 16): every room × four weeks from Monday, its stays and blocks, in three statements.
    {
      name: 'admin timeline: every room × 4 weeks',
      flat: true,
      run: () => timeline(calendar, { start: mondayOf(data.today), days: 28 }, { today: data.today, exportUrl: (token) => token }),
    },
  ];
}

/**
 * The public catalogue's reads (issue 18: "the public reads flat"), as the routes call them on a cache miss: they do
 * not read the bookings, so their time must not move with them.
 */
function publicCalls(handle: DatabaseHandle, data: Dataset): Array<{ name: string; flat: boolean; run: () => Promise<unknown> }> {
  const [properties, rooms] = [new PropertiesRepository(handle.db), new RoomsRepository(handle.db)];
  const propertyId = data.properties[0]!.id;
  return [
    { name: `public: properties list (${data.properties.length})`, flat: true, run: () => properties.list() },
    { name: 'public: one property', flat: true, run: () => properties.get(propertyId) },
    { name: "public: a property's rooms", flat: true, run: () => rooms.list(propertyId) },
  ];
}

async function timeCall(run: () => Promise<unknown>, heavyRuns: number): Promise<number> {
  let warmest = Infinity;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await run();
    warmest = Math.min(warmest, performance.now() - started);
  }
  // A call of a few milliseconds is timed 200 times: its median then moves less than the budget's 25 % between runs.
  const runs = warmest < 5 ? 200 : heavyRuns;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** Runs the call once, and EXPLAINs each statement it ran, as it ran it: one plan (its lines) per statement. */
export async function planStatements(handle: DatabaseHandle, run: () => Promise<unknown>): Promise<string[][]> {
  const store = { count: 0, statements: [] as Array<{ query: string; params: unknown[] }> };
  await queryCounter.run(store, run);
  const plans: string[][] = [];
  for (const statement of store.statements) {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(handle.db, sql.raw(`explain ${inline(statement.query, statement.params)}`));
    plans.push(rows.map((row) => row['QUERY PLAN']));
  }
  return plans;
}

async function explainCall(handle: DatabaseHandle, { name, flat, run }: { name: string; flat: boolean; run: () => Promise<unknown> }, bookings: number): Promise<CallPlan> {
  const plans = await planStatements(handle, run);
  const bookingsScans = plans
    .flat()
    .filter((line) => / on bookings( |$)|Scan.* on bookings_/.test(line))
    .map((line) => line.replace(/^[\s->]+/, '').replace(/\s+\(cost=.*$/, ''));
  // Heavier calls are timed fewer times at a million bookings: the median is steady either way.
  const runs = bookings > 100_000 ? 30 : 100;
  return { name, flat, bookings, plans, bookingsScans, queryMs: await timeCall(run, runs) };
}

/** EXPLAIN and median time of the admin screens' booking reads, and of the public catalogue's, at the data's current size. */
export async function explainAdminCalls(target: Target, data: Dataset): Promise<CallPlan[]> {
  const handle = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 2, countQueries: true } : { dataDir: target.dataDir, countQueries: true },
  );
  try {
    const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bookings`);
    const bookings = count?.n ?? 0;
    const repository = new BookingsRepository(handle.db);
    const plans: CallPlan[] = [];
    const calls = [...adminCalls(repository, new CalendarRepository(handle.db), data, bookings), ...publicCalls(handle, data)];
    for (const call of calls) plans.push(await explainCall(handle, call, bookings));
    return plans;
  } finally {
    await handle.close();
  }
}
