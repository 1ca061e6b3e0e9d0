import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { addDays } from '@roomweek/contract';
import { openDatabase, queryRows, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { ReportsRepository } from '../../apps/server/src/plugins/app/reports/reports-repository.ts';
import { ReportsService } from '../../apps/server/src/plugins/app/reports/reports-service.ts';
import { SITE_TIME_ZONE, SIZES, type Dataset } from './dataset.ts';
import { planStatements } from './explain.ts';
import type { Target } from './generate-data.ts';
import { measureAtTwoSizes, writeResults } from './two-sizes.ts';
import { productionNodeFlags } from '../../scripts/node-flags.mjs';

const run = promisify(execFile);

/** Issue 30's budgets: a 12-month report by month, and the bookings export. */
export const REPORT_BUDGET_MS = 500;
export const REPORT_FLATNESS_BUDGET = 1.25;
export const EXPORT_ROWS_PER_SECOND = 20_000;
export const EXPORT_RSS_GROWTH_MB = 100;

interface ReportTiming {
  name: string;
  bookings: number;
  p50: number;
  p95: number;
  plans: string[][];
}

interface ExportTiming {
  bookings: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssGrowthMb: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The reports an owner asks: the last 12 months by month, the next 8 weeks by week, one property's year by month. */
function reports(data: Dataset) {
  return [
    { name: 'last 12 months, by month', query: { from: addDays(data.today, -365), to: data.today, group: 'month' as const } },
    { name: 'next 8 weeks, by week', query: { from: data.today, to: addDays(data.today, 55), group: 'week' as const } },
    { name: 'one property, 12 months, by month', query: { from: addDays(data.today, -365), to: data.today, group: 'month' as const, property_id: data.properties[0]!.id } },
  ];
}

async function open(target: Target): Promise<DatabaseHandle> {
  return openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 4, countQueries: true } : { dataDir: target.dataDir, countQueries: true });
}

async function measureReports(handle: DatabaseHandle, data: Dataset, runs: number): Promise<ReportTiming[]> {
  const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bookings`);
  const service = new ReportsService({ repository: new ReportsRepository(handle.db), timeZone: SITE_TIME_ZONE });
  const results: ReportTiming[] = [];
  for (const { name, query } of reports(data)) {
    const run = () => service.report(query);
    const plans = await planStatements(handle, run);
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ name, bookings: count?.n ?? 0, p50: percentile(times, 0.5), p95: percentile(times, 0.95), plans });
  }
  return results;
}

/**
 * Streams every booking as CSV in a process of its own with the production heap flags (export-probe.ts), as the
 * server would: rows a second and how much its resident memory grew.
 */
async function measureExport(target: Target, bookings: number): Promise<ExportTiming> {
  const probe = fileURLToPath(new URL('./export-probe.ts', import.meta.url));
  const { stdout } = await run(process.execPath, [...productionNodeFlags(), '--import', 'tsx', probe, target.databaseUrl ?? target.dataDir], {
    maxBuffer: 1 << 20,
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { rows: number; seconds: number; rssGrowthMb: number };
  return { bookings, rows: result.rows, seconds: result.seconds, rowsPerSecond: result.rows / result.seconds, rssGrowthMb: result.rssGrowthMb };
}

function format(database: string, small: ReportTiming[], large: ReportTiming[], exports: ExportTiming[]): string {
  const at = (n: number | undefined) => n?.toLocaleString('en') ?? '?';
  const lines = [
    `GET /api/admin/reports on ${database} (service + SQL): p95 ms at ${at(small[0]?.bookings)} and ${at(large[0]?.bookings)} bookings`,
    `${'report'.padEnd(40)} ${'p50'.padStart(7)} ${'p95 small'.padStart(10)} ${'p95 large'.padStart(10)} ${'× growth'.padStart(9)}  budget`,
  ];
  for (const [i, timing] of large.entries()) {
    const before = small[i]!;
    const growth = timing.p95 / before.p95;
    const ok = timing.p95 <= REPORT_BUDGET_MS && (growth <= REPORT_FLATNESS_BUDGET || timing.p95 - before.p95 < 5);
    lines.push(`${timing.name.padEnd(40)} ${timing.p50.toFixed(1).padStart(7)} ${before.p95.toFixed(1).padStart(10)} ${timing.p95.toFixed(1).padStart(10)} ${growth.toFixed(2).padStart(9)}  ${ok ? 'ok' : 'OVER'}`);
  }
  lines.push(`budget: p95 ≤ ${REPORT_BUDGET_MS} ms, growth ≤ × ${REPORT_FLATNESS_BUDGET} (or under 5 ms)`, '', 'GET /api/admin/exports/bookings.csv (streamed, every booking):');
  for (const e of exports) {
    const ok = e.rowsPerSecond >= EXPORT_ROWS_PER_SECOND && e.rssGrowthMb < EXPORT_RSS_GROWTH_MB;
    lines.push(`  ${at(e.rows)} rows in ${e.seconds.toFixed(1)} s: ${at(Math.round(e.rowsPerSecond))} rows/s, resident memory +${e.rssGrowthMb.toFixed(1)} MB  ${ok ? 'ok' : 'OVER'}`);
  }
  lines.push(`budget: ≥ ${EXPORT_ROWS_PER_SECOND.toLocaleString('en')} rows/s, resident memory growth < ${EXPORT_RSS_GROWTH_MB} MB`, '', `plans at ${at(large[0]?.bookings)} bookings:`);
  for (const timing of large) {
    lines.push(`-- ${timing.name}`);
    for (const [i, plan] of timing.plans.entries()) lines.push(`   statement ${i + 1}:`, ...plan.map((line) => `     ${line}`));
  }
  return lines.join('\n');
}

/**
 * `npm run bench -- --reports`: the reports and the bookings export alone, on a fresh database with the bench's data
 * — PGlite (500 rooms, 5,000 then 50,000 bookings) or, with DATABASE_URL, PostgreSQL (BENCH_BOOKINGS=1000000: 2,000
 * rooms, 50,000 then 1,000,000). Prints the table and the plans, writes bench/results/reports-<database>-<time>.json.
 */
export async function runReportsBench(log: (message: string) => void): Promise<void> {
  const runs = SIZES.bookings > 100_000 ? 20 : 40;
  const measure = async (target: Target, data: Dataset) => {
    const handle = await open(target);
    const reports = await measureReports(handle, data, runs);
    await handle.close();
    return { reports, exported: await measureExport(target, reports[0]?.bookings ?? 0) };
  };
  const { database, data, small, large } = await measureAtTwoSizes('reports', log, measure);
  const exports = [small.exported, large.exported];
  const file = await writeResults('reports', database, { database, rooms: data.rooms.length, small: small.reports, large: large.reports, exports });
  console.log(format(database, small.reports, large.reports, exports));
  console.log(`\nresults: ${file}`);
}
