import type { QueryCount, RaceResult, TwoInstanceRaceResult } from './api.ts';
import type { CallPlan } from './explain.ts';
import type { PlanReport } from './generate-data.ts';
import { formatLighthouse, type LighthouseReport } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { PageWeight, Totals } from './page-weight.ts';

/** The budgets of issue 7. */
export const BUDGETS = {
  readShareOfCeiling: 0.25,
  readP99Ms: 50,
  /** Flat: a call at 50,000 bookings costs at most this much more than at 5,000. */
  availabilityFlatGrowth: 1.25,
  homeJsGzipBytes: 120_000,
  homeCssGzipBytes: 20_000,
  adminListMs: 300,
  /** Lighthouse, mobile preset, median of 3 runs, on `/`, a property and a room (issue 17). */
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
} as const;

export interface EndpointReport {
  name: string;
  /** Public reads answer to the throughput and p99 budgets. */
  read: boolean;
  /** Measured with the public read cache off (for information: the cost of a read that reaches the database). */
  uncached?: boolean;
  /** Absent for calls that are only counted, not loaded. */
  load?: LoadResult;
  queries?: { at5k: QueryCount; at50k: QueryCount };
}

export interface Budget {
  name: string;
  figure: string;
  limit: string;
  /** 'info' where the budget does not apply to this database (the read budgets are PostgreSQL's). */
  status: 'pass' | 'FAIL' | 'info';
}

export interface BenchResults {
  database: 'pglite' | 'postgres';
  databaseVersion: string;
  startedAt: string;
  seconds: number;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  settings: { connections: number; seconds: number; warmupSeconds: number; acceptEncoding: string };
  data: { properties: number; rooms: number; users: number; bookingsFirst: number; bookingsTotal: number };
  /** Measured before and after the public reads; ratios use the mean of the two. */
  ceiling: { before: LoadResult; after: LoadResult; rps: number };
  endpoints: EndpointReport[];
  availability: { at5k: LoadResult; at50k: LoadResult; plan5k: PlanReport; plan50k: PlanReport };
  /** The admin screens' booking reads (page, summary, today) at both sizes: plans and median query time. */
  adminCalls: { small: CallPlan[]; large: CallPlan[] };
  /** The four public reads with the cache off at both sizes (HTTP). */
  publicReads: Array<{ name: string; small: LoadResult; large: LoadResult }>;
  race: RaceResult;
  /** PostgreSQL only: the race over two server processes on one database. */
  race2?: TwoInstanceRaceResult;
  pageWeight?: PageWeight;
  /** Absent when skipped (BENCH_LIGHTHOUSE=0). */
  lighthouse?: LighthouseReport;
  budgets: Budget[];
}

const ms = (value: number) => (Number.isFinite(value) ? (value < 10 ? value.toFixed(2) : value.toFixed(1)) : '–');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const pass = (ok: boolean): Budget['status'] => (ok ? 'pass' : 'FAIL');

export function evaluateBudgets(results: Omit<BenchResults, 'budgets'>): Budget[] {
  const budgets: Budget[] = [];
  const ceiling = results.ceiling.rps;
  for (const endpoint of results.endpoints.filter((e) => e.read && e.load)) {
    const load = endpoint.load!;
    const share = load.rps / ceiling;
    budgets.push({
      name: `${endpoint.name}: req/s vs ceiling`,
      figure: `${(share * 100).toFixed(0)}%`,
      limit: `≥ ${BUDGETS.readShareOfCeiling * 100}% (on PostgreSQL)`,
      status: results.database === 'postgres' ? pass(share >= BUDGETS.readShareOfCeiling) : 'info',
    });
    budgets.push({
      name: `${endpoint.name}: p99`,
      figure: `${ms(load.p99)} ms`,
      limit: `< ${BUDGETS.readP99Ms} ms (on PostgreSQL)`,
      status: results.database === 'postgres' ? pass(load.p99 < BUDGETS.readP99Ms) : 'info',
    });
  }
  const { at5k, at50k, plan5k, plan50k } = results.availability;
  // The query's own median time is the steady measure on a shared machine; the HTTP figures are shown beside it.
  const growth = plan50k.queryMs / plan5k.queryMs;
  const index = plan5k.usesIndex && plan50k.usesIndex;
  budgets.push({
    name: `availability flat 5,000 → 50,000 bookings (query time; index in plan)`,
    figure:
      `× ${growth.toFixed(2)} (query p50 ${ms(plan5k.queryMs)} → ${ms(plan50k.queryMs)} ms; ` +
      `HTTP ${at5k.rps.toFixed(0)} → ${at50k.rps.toFixed(0)} req/s); index: ${index ? 'yes' : 'no'}`,
    limit: `≤ × ${BUDGETS.availabilityFlatGrowth} and an index scan`,
    status: pass(growth <= BUDGETS.availabilityFlatGrowth && index),
  });
  for (const endpoint of results.endpoints.filter((e) => e.queries)) {
    const { at5k: small, at50k: large } = endpoint.queries!;
    budgets.push({
      name: `${endpoint.name}: queries per call (no N+1)`,
      figure: `${small.queries} for ${small.rows} rows → ${large.queries} for ${large.rows} rows`,
      limit: 'same count whatever the rows',
      status: pass(large.queries === small.queries),
    });
  }
  const all = results.endpoints.find((e) => e.name.startsWith('GET /api/bookings/all'));
  const page = results.endpoints.find((e) => e.name.startsWith('GET /api/admin/bookings'));
  if (all?.load || page?.load) {
    const fast = all?.load !== undefined && all.load.p50 < BUDGETS.adminListMs;
    const paged = page?.load !== undefined && page.load.p99 < BUDGETS.adminListMs;
    budgets.push({
      name: `admin list of ${results.data.bookingsTotal.toLocaleString('en')}+ bookings`,
      figure: `${all?.load ? `all: p50 ${ms(all.load.p50)} ms; ` : ''}${page?.load ? `paginated: p99 ${ms(page.load.p99)} ms` : ''}`,
      limit: `< ${BUDGETS.adminListMs} ms, or paginated`,
      status: pass(fast || paged),
    });
  }
  // Flat from the first size to the last: a budget of the 1,000,000-booking run (issue 18), information otherwise.
  const million = results.data.bookingsTotal >= 1_000_000;
  for (const large of results.adminCalls.large) {
    const small = results.adminCalls.small.find((call) => call.name === large.name);
    if (!small) continue;
    const growth = large.queryMs / small.queryMs;
    budgets.push({
      name: `${large.name}: flat ${small.bookings.toLocaleString('en')} → ${large.bookings.toLocaleString('en')} bookings (query time)`,
      figure: `× ${growth.toFixed(2)} (p50 ${ms(small.queryMs)} → ${ms(large.queryMs)} ms)`,
      limit: large.flat ? `≤ × ${BUDGETS.availabilityFlatGrowth}${million ? '' : ' (at 1,000,000 bookings)'}` : 'grows with its offset (OFFSET paging)',
      status: million && large.flat ? pass(growth <= BUDGETS.availabilityFlatGrowth) : 'info',
    });
  }
  if (results.race2) {
    const { race2 } = results;
    budgets.push({
      name: `booking race over ${race2.instances} instances (${race2.clients} clients × ${race2.rooms} rooms)`,
      figure: `${race2.successesPerRoom.join(' / ')} success per room, ${race2.conflicts} × 409, ${race2.rps.toFixed(0)} req/s${Object.keys(race2.other).length ? `, other: ${JSON.stringify(race2.other)}` : ''}`,
      limit: 'exactly 1 success per room',
      status: pass(race2.successesPerRoom.every((n) => n === 1) && Object.keys(race2.other).length === 0),
    });
  }
  budgets.push({
    name: `booking race (${results.race.clients} clients, same nights)`,
    figure: `${results.race.successes} success, ${results.race.conflicts} × 409${Object.keys(results.race.other).length ? `, other: ${JSON.stringify(results.race.other)}` : ''}`,
    limit: 'exactly 1 success',
    status: pass(results.race.successes === 1 && Object.keys(results.race.other).length === 0),
  });
  for (const endpoint of results.endpoints) {
    if (endpoint.load && endpoint.load.errors > 0) {
      budgets.push({ name: `${endpoint.name}: errors`, figure: JSON.stringify(endpoint.load.statusCodes), limit: 'none', status: 'FAIL' });
    }
  }
  if (results.pageWeight) {
    budgets.push({
      name: 'home page JavaScript (gzip)',
      figure: kb(results.pageWeight.homeJs.gzip),
      limit: `≤ ${kb(BUDGETS.homeJsGzipBytes)}`,
      status: pass(results.pageWeight.homeJs.gzip <= BUDGETS.homeJsGzipBytes),
    });
    budgets.push({
      name: 'home page CSS (gzip)',
      figure: kb(results.pageWeight.homeCss.gzip),
      limit: `≤ ${kb(BUDGETS.homeCssGzipBytes)}`,
      status: pass(results.pageWeight.homeCss.gzip <= BUDGETS.homeCssGzipBytes),
    });
  }
  const lighthouse = results.lighthouse;
  for (const page of lighthouse?.pages ?? []) {
    budgets.push({
      name: `Lighthouse ${page.name} page: performance, median of ${page.runs.length}`,
      figure: `${page.median.performance} (LCP ${page.median.lcpMs} ms, TBT ${page.median.tbtMs} ms, CLS ${page.median.cls})`,
      limit: `≥ ${BUDGETS.lighthousePerformance}`,
      status: pass(page.median.performance >= BUDGETS.lighthousePerformance),
    });
    budgets.push({
      name: `Lighthouse ${page.name} page: accessibility`,
      figure: String(page.median.accessibility),
      limit: String(BUDGETS.lighthouseAccessibility),
      status: pass(page.median.accessibility >= BUDGETS.lighthouseAccessibility),
    });
  }
  if (lighthouse?.error || (lighthouse && lighthouse.pages.length < 4)) {
    budgets.push({ name: 'Lighthouse ran on the four pages', figure: lighthouse.error ?? `${lighthouse.pages.length} pages`, limit: '4 pages', status: 'FAIL' });
  }
  return budgets;
}

function table(header: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (rightAligned.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

const totalsRow = (label: string, totals: Totals): string[] => [
  label,
  String(totals.files),
  kb(totals.raw),
  kb(totals.gzip),
  kb(totals.brotli),
  totals.served === undefined ? '–' : kb(totals.served),
];

/** How the availability query reaches the bookings table, from its plan: the scan and the index it uses. */
const bookingsScan = (plan: PlanReport) =>
  plan.plan
    .filter((line) => /Scan.* on bookings|Scan on bookings_/.test(line))
    .map((line) => line.replace(/^[\s->]+/, '').replace(/\s+\(cost=.*$/, ''))
    .join(' ← ') || '?';

/** The one table of the run: load figures beside their budgets, then page weight, then the budget list. */
export function formatReport(results: BenchResults): string {
  const out: string[] = [];
  const { machine, settings, data } = results;
  out.push(
    `roomweek bench — ${results.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${results.databaseVersion}`,
    `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}`,
    `data: ${data.properties} properties, ${data.rooms} rooms, ${data.users} guests, ${data.bookingsTotal.toLocaleString('en')} bookings over two years` +
      ` · autocannon: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s measured, no pipelining, Accept-Encoding: ${settings.acceptEncoding}`,
    '',
  );
  const ceiling = results.ceiling.rps;
  const loadRow = (name: string, load: LoadResult | undefined, queries?: EndpointReport['queries']): string[] => [
    name,
    load ? String(load.connections) : '–',
    load ? load.rps.toFixed(0) : '–',
    load ? `${((load.rps / ceiling) * 100).toFixed(0)}%` : '–',
    load ? ms(load.p50) : '–',
    load ? ms(load.p97_5) : '–',
    load ? ms(load.p99) : '–',
    load ? String(load.errors) : '–',
    load?.cpuMsPerRequest !== undefined ? load.cpuMsPerRequest.toFixed(2) : '–',
    queries ? `${queries.at5k.queries} (${queries.at5k.rows} rows) / ${queries.at50k.queries} (${queries.at50k.rows} rows)` : '',
  ];
  const rows = [
    loadRow('bare Fastify GET / (ceiling, before the reads)', results.ceiling.before),
    loadRow('bare Fastify GET / (ceiling, after the reads)', results.ceiling.after),
    ...results.endpoints.map((endpoint) => loadRow(endpoint.name, endpoint.load, endpoint.queries)),
    loadRow('GET /api/rooms/{id}/availability @ 5,000 bookings (cache off)', results.availability.at5k),
  ];
  out.push(
    table(
      ['endpoint', 'conns', 'req/s', 'of ceiling', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors', 'server CPU ms/req', 'queries/call @5k / @50k'],
      rows,
      new Set([1, 2, 3, 4, 5, 6, 7, 8]),
    ),
    '',
    ...[results.availability.plan5k, results.availability.plan50k].map(
      (plan) => `availability @ ${plan.bookings.toLocaleString('en')} bookings: query p50 ${ms(plan.queryMs)} ms, plan ${bookingsScan(plan)}`,
    ),
    `booking race: ${results.race.clients} clients for the same nights in ${results.race.millis.toFixed(0)} ms → ${results.race.successes} × 201, ${results.race.conflicts} × 409`,
    ...(results.race2
      ? [
          `booking race over ${results.race2.instances} instances: ${results.race2.requests} requests (${results.race2.clients} clients × ${results.race2.rooms} rooms) in ${results.race2.millis.toFixed(0)} ms = ` +
            `${results.race2.rps.toFixed(0)} req/s of both together → ${results.race2.successesPerRoom.join(' / ')} × 201 per room, ${results.race2.conflicts} × 409`,
        ]
      : []),
    '',
    table(
      ['grows with the bookings? (query p50, no HTTP)', `@ ${results.adminCalls.small[0]?.bookings.toLocaleString('en') ?? '?'}`, `@ ${results.adminCalls.large[0]?.bookings.toLocaleString('en') ?? '?'}`, 'growth', 'bookings read by (larger size)'],
      results.adminCalls.large.map((large) => {
        const small = results.adminCalls.small.find((call) => call.name === large.name);
        return [large.name, small ? `${ms(small.queryMs)} ms` : '–', `${ms(large.queryMs)} ms`, small ? `× ${(large.queryMs / small.queryMs).toFixed(2)}` : '–', [...new Set(large.bookingsScans)].join('; ') || '?'];
      }),
      new Set([1, 2, 3]),
    ),
    '',
    table(
      ['public reads, cache off (HTTP)', 'req/s first size', 'req/s last size', 'p99 ms first / last'],
      results.publicReads.map((read) => [read.name, read.small.rps.toFixed(0), read.large.rps.toFixed(0), `${ms(read.small.p99)} / ${ms(read.large.p99)}`]),
      new Set([1, 2]),
    ),
    '',
  );
  const weight = results.pageWeight;
  if (weight) {
    out.push(
      table(
        ['page weight (home page found by ' + weight.method + ')', 'files', 'raw', 'gzip -9', 'brotli 11', 'served'],
        [
          totalsRow('home page JavaScript', weight.homeJs),
          totalsRow('home page CSS', weight.homeCss),
          ...weight.home.map((asset) => [`  ${asset.file}`, '', kb(asset.raw), kb(asset.gzip), kb(asset.brotli), asset.served === undefined ? '–' : kb(asset.served)]),
          ...weight.lazy.map((asset) => [`lazy ${asset.file}`, '', kb(asset.raw), kb(asset.gzip), kb(asset.brotli), '']),
        ],
        new Set([1, 2, 3, 4, 5]),
      ),
      `precompressed .br/.gz next to the assets: ${weight.precompressed ? 'yes' : 'no'}`,
      '',
    );
  } else {
    out.push('page weight: no build of apps/web found', '');
  }
  out.push(results.lighthouse ? formatLighthouse(results.lighthouse) : 'Lighthouse: skipped (BENCH_LIGHTHOUSE=0)', '');
  out.push(
    table(
      ['budget', 'figure', 'limit', 'result'],
      results.budgets.map((budget) => [budget.name, budget.figure, budget.limit, budget.status]),
      new Set(),
    ),
  );
  const failed = results.budgets.filter((budget) => budget.status === 'FAIL').length;
  out.push('', failed ? `${failed} budget(s) FAILED` : 'all budgets pass');
  return out.join('\n');
}
