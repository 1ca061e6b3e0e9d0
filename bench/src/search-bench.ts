import { sql } from 'drizzle-orm';
import { addDays, isoWeekday, SearchQuery, type Language } from '@roomweek/contract';
import { openDatabase, queryRows, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { SearchRepository } from '../../apps/server/src/plugins/app/search/search-repository.ts';
import { SearchService } from '../../apps/server/src/plugins/app/search/search-service.ts';
import { SIZES, type Dataset } from './dataset.ts';
import { planStatements } from './explain.ts';
import type { Target } from './generate-data.ts';
import { measureAtTwoSizes, writeResults } from './two-sizes.ts';

/** Issue 26's budget: a search's p95 at most this, and at most this many times its p95 at the first size. */
export const SEARCH_P95_BUDGET_MS = 50;
export const SEARCH_FLATNESS_BUDGET = 1.25;

export interface SearchTiming {
  name: string;
  bookings: number;
  p50: number;
  p95: number;
  /** Statements the search ran (one for a page; one more for the suggestions of an empty answer). */
  statements: number;
  /** EXPLAIN of each statement. */
  plans: string[][];
}

export interface SearchBenchReport {
  database: string;
  rooms: number;
  small: SearchTiming[];
  large: SearchTiming[];
}

const saturdayFrom = (date: string) => addDays(date, (6 - isoWeekday(date) + 7) % 7);

/** The searches measured: a guest's usual questions, a later page, one without dates and one that finds nothing. */
function searches(data: Dataset): Array<{ name: string; query: Record<string, unknown>; secondPage?: boolean }> {
  const saturday = saturdayFrom(addDays(data.today, 14));
  const week = { start_date: saturday, end_date: addDays(saturday, 7) };
  return [
    { name: 'a week, 2 guests (first page of 20)', query: { ...week, guests: 2 } },
    { name: 'a week, second page (cursor)', query: { ...week, guests: 2 }, secondPage: true },
    { name: '4 weeks, wifi + desk, ≤ €900, dearest first', query: { start_date: saturday, end_date: addDays(saturday, 28), amenities: 'wifi,desk', max_price: 900, sort: '-price' } },
    { name: 'a week in one property', query: { ...week, property_id: data.properties[0]!.id } },
    { name: 'no dates, by capacity', query: { sort: 'capacity', guests: 1 } },
    { name: 'nothing matches (a Sunday arrival): suggestions', query: { start_date: addDays(saturday, 1), end_date: addDays(saturday, 8) } },
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Every search of `searches`, through the service as the route calls it on a cache miss: p50/p95 and the plans. */
export async function measureSearch(target: Target, data: Dataset, runs = 100): Promise<SearchTiming[]> {
  const handle: DatabaseHandle = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 2, countQueries: true } : { dataDir: target.dataDir, countQueries: true },
  );
  try {
    const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bookings`);
    const bookings = count?.n ?? 0;
    // The site's calendar checks are the booking service's; the bench's dates are valid ones.
    const service = new SearchService({ repository: new SearchRepository(handle.db), stays: { normaliseStay: (start, end) => ({ start, end }), today: () => data.today } });
    const language: Language = 'en';
    const results: SearchTiming[] = [];
    for (const { name, query, secondPage } of searches(data)) {
      let params = SearchQuery.parse(query);
      if (secondPage) params = { ...params, cursor: (await service.search(params, language)).next_cursor ?? undefined };
      const run = () => service.search(params, language);
      const plans = await planStatements(handle, run);
      for (let i = 0; i < 10; i++) await run();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({ name, bookings, p50: percentile(times, 0.5), p95: percentile(times, 0.95), statements: plans.length, plans });
    }
    return results;
  } finally {
    await handle.close();
  }
}

/** The table: p95 at both sizes, the ratio (flatness) and the budgets; then the plans at the larger size. */
export function formatSearchReport(report: SearchBenchReport): string {
  const small = report.small[0]?.bookings.toLocaleString('en') ?? '?';
  const large = report.large[0]?.bookings.toLocaleString('en') ?? '?';
  const lines = [
    `GET /api/search on ${report.database}, ${report.rooms} rooms (service + SQL, cache off): p95 ms at ${small} and ${large} bookings`,
    `${'search'.padEnd(52)} ${'p50'.padStart(7)} ${`p95@${small}`.padStart(12)} ${`p95@${large}`.padStart(14)} ${'× growth'.padStart(9)} stmts  budget`,
  ];
  for (const [i, at] of report.large.entries()) {
    const before = report.small[i]!;
    const growth = at.p95 / before.p95;
    const ok = at.p95 <= SEARCH_P95_BUDGET_MS && (growth <= SEARCH_FLATNESS_BUDGET || at.p95 - before.p95 < 1);
    lines.push(
      `${at.name.padEnd(52)} ${at.p50.toFixed(1).padStart(7)} ${before.p95.toFixed(1).padStart(12)} ${at.p95.toFixed(1).padStart(14)} ${growth.toFixed(2).padStart(9)} ${String(at.statements).padStart(5)}  ${ok ? 'ok' : 'OVER'}`,
    );
  }
  lines.push(`budget: p95 ≤ ${SEARCH_P95_BUDGET_MS} ms, growth ≤ × ${SEARCH_FLATNESS_BUDGET} (or under 1 ms)`, '', `plans at ${large} bookings:`);
  for (const at of report.large) {
    lines.push(`-- ${at.name}`);
    for (const [i, plan] of at.plans.entries()) lines.push(`   statement ${i + 1}:`, ...plan.map((line) => `     ${line}`));
  }
  return lines.join('\n');
}

/**
 * `npm run bench -- --search`: the search alone, on a fresh database with the bench's data — PGlite (500 rooms,
 * 5,000 then 50,000 bookings) or, with DATABASE_URL, PostgreSQL (BENCH_BOOKINGS=1000000: 2,000 rooms, 50,000 then
 * 1,000,000; BENCH_SEARCH_TOP_UP=n stops the top-up after n bookings). Prints the table and the plans, writes bench/results/search-<database>-<timestamp>.json.
 */
export async function runSearchBench(log: (message: string) => void): Promise<void> {
  const runs = SIZES.bookings > 100_000 ? 60 : 100;
  // BENCH_SEARCH_TOP_UP: only that many of the other bookings (a shorter run on a busy machine); default all.
  const rest = (data: Dataset) => data.restBookings.slice(0, Math.max(0, Math.min(Number(process.env.BENCH_SEARCH_TOP_UP ?? data.restBookings.length), data.restBookings.length)));
  const { database, data, small, large } = await measureAtTwoSizes('search', log, (target, data) => measureSearch(target, data, runs), rest);
  const report: SearchBenchReport = { database, rooms: data.rooms.length, small, large };
  const file = await writeResults('search', database, report);
  console.log(formatSearchReport(report));
  console.log(`\nresults: ${file}`);
}
