/**
 * `npm run bench`: the product's production build on a fresh DATA_DIR (or a fresh PostgreSQL database when
 * DATABASE_URL is set) with generated data, driven by autocannon side by side with a bare Fastify ceiling; the
 * booking race; the page weight; Lighthouse on the public pages. Prints one table and writes
 * bench/results/<database>-<timestamp>.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, AVAILABILITY_WINDOW_DAYS, isoWeekday } from '@roomweek/contract';
import type { RequestSpec } from 'autocannon';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { bookingRace, bookingRaceTwoInstances, countQueries, login, type QueryCount, type TwoInstanceRaceResult } from './api.ts';
import { buildDataset, SIZES, type Dataset } from './dataset.ts';
import { explainAdminCalls } from './explain.ts';
import { explainAvailability, generateFirst, generateRest, type Target } from './generate-data.ts';
import { BROWSER_HEADERS, load, type LoadResult } from './load.ts';
import { measurePageWeight } from './page-weight.ts';
import { LIGHTHOUSE_ON, measureLighthouse } from './lighthouse.ts';
import { evaluateBudgets, formatReport, type BenchResults, type EndpointReport } from './report.ts';
import { startCeiling, startServer, type RunningServer } from './server-process.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { formatStarts, measureStarts, runProductionBench } from './production-bench.ts';
import { formatSearchReport, measureSearch, runSearchBench, type SearchTiming } from './search-bench.ts';
import { runReportsBench } from './reports-bench.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const RESULTS_DIR = path.join(ROOT, 'bench/results');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RACE_CLIENTS = 200;
/** The four public reads, measured with the cache off at both sizes. */
const PUBLIC_READS = ['properties', 'property', 'rooms', 'availability'] as const;
type PublicRead = (typeof PUBLIC_READS)[number];
/** The two sizes measured: 5,000 and 50,000 bookings, or 50,000 and 1,000,000 (BENCH_BOOKINGS). */
/** The full list of every booking (no screen uses it): 24 MB of JSON at 50,000, too big to load at 1,000,000. */
const FULL_LIST = SIZES.bookings <= 50_000;
const small = `${SIZES.firstBookings.toLocaleString('en')} bookings`;
const large = `${SIZES.bookings.toLocaleString('en')} bookings`;
const ADMIN_EMAIL = 'admin@bench.example';

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** The production build (`npm run build`: web app and compiled server), of the parts older than their sources. */
function buildWeb(): void {
  if (process.argv.includes('--skip-build')) return;
  log('building what is stale (npm run build)');
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--stale'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) {
    log(`build failed; ${existsSync(path.join(WEB_DIST, 'index.html')) ? 'using the previous build' : 'no page weight'}:\n${build.stderr.slice(-2000)}`);
  }
}

interface Tokens {
  admin: string;
  guests: string[];
}

/** Every call the table shows, with the requests autocannon cycles through. */
function endpoints(data: Dataset, tokens: Tokens) {
  const json = { ...BROWSER_HEADERS, 'content-type': 'application/json' };
  const admin = { ...BROWSER_HEADERS, authorization: `Bearer ${tokens.admin}` };
  const end = addDays(data.today, AVAILABILITY_WINDOW_DAYS);
  const monday = addDays(data.today, 1 - isoWeekday(data.today));
  const stays = data.freeStays();
  let turn = 0;
  const someProperties = data.properties.slice(0, 10);
  return {
    properties: { name: 'GET /api/properties', read: true, requests: [{ path: '/api/properties' }] },
    property: {
      name: 'GET /api/properties/{id}',
      read: true,
      requests: someProperties.map((property) => ({ path: `/api/properties/${property.id}` })),
    },
    rooms: {
      name: 'GET /api/rooms?property_id={id}',
      read: true,
      requests: someProperties.map((property) => ({ path: `/api/rooms?property_id=${property.id}` })),
    },
    availability: {
      name: 'GET /api/rooms/{id}/availability',
      read: true,
      requests: data.probeRoomIds.map((id) => ({ path: `/api/rooms/${id}/availability?start=${data.today}&end=${end}` })),
    },
    all: {
      name: 'GET /api/bookings/all (admin, every booking)',
      read: false,
      connections: 1,
      amount: 5,
      requests: [{ path: '/api/bookings/all', headers: admin }],
    },
    page: {
      name: 'GET /api/admin/bookings?limit=50&offset= (admin)',
      read: false,
      // One administrator: the admin's calls are measured on one connection, as latency rather than throughput.
      connections: 1,
      requests: [0, 50, 1000, 10_000, SIZES.bookings / 2, SIZES.bookings - 50].map((offset) => ({ path: `/api/admin/bookings?limit=50&offset=${offset}`, headers: admin })),
    },
    summary: {
      name: 'GET /api/admin/bookings/summary (admin counters)',
      read: false,
      connections: 1,
      requests: [{ path: '/api/admin/bookings/summary', headers: admin }],
    },
    today: {
      name: "GET /api/admin/availability (admin, today's bookings)",
      read: false,
      connections: 1,
      requests: [{ path: '/api/admin/availability', headers: admin }],
    },
    timeline: {
      name: `GET /api/admin/timeline?days=28 (admin, ${data.rooms.length} rooms × 4 weeks)`,
      read: false,
      connections: 1,
      // The admin pages by week: this week and the next three.
      requests: [0, 7, 14, 21].map((days) => ({ path: `/api/admin/timeline?start=${addDays(monday, days)}&days=28`, headers: admin })),
    },
    create: {
      name: 'POST /api/bookings (distinct free dates)',
      read: false,
      requests: [
        {
          method: 'POST',
          path: '/api/bookings',
          headers: json,
          setupRequest: (request) => {
            const stay = stays.next();
            if (stay.done) throw new Error('ran out of free stays');
            const token = tokens.guests[turn++ % tokens.guests.length]!;
            return {
              ...request,
              headers: { ...json, authorization: `Bearer ${token}` },
              body: JSON.stringify({ room_id: stay.value.roomId, start_date: stay.value.start, end_date: stay.value.end, payment_method: 'on_site' }),
            };
          },
        } satisfies RequestSpec,
      ],
    },
    takeStay: () => stays.next().value!,
  };
}

type Endpoints = ReturnType<typeof endpoints>;

/** One call of each endpoint on a server that counts statements: queries per call beside rows returned. */
async function probeQueries(url: string, calls: Endpoints, tokens: Tokens): Promise<Record<string, QueryCount>> {
  const counts: Record<string, QueryCount> = {};
  const first = (requests: { path?: string; headers?: Record<string, string> }[]) => requests[0]!;
  for (const key of ['properties', 'property', 'rooms', 'availability', ...(FULL_LIST ? (['all'] as const) : []), 'page', 'summary', 'today', 'timeline'] as const) {
    const request = first(calls[key].requests);
    counts[key] = await countQueries(url, request.path!, { headers: request.headers ?? {} });
  }
  counts.mine = await countQueries(url, '/api/bookings', { headers: { authorization: `Bearer ${tokens.guests[0]}` } });
  const stay = calls.takeStay();
  counts.create = await countQueries(url, '/api/bookings', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.guests[1]}` },
    body: JSON.stringify({ room_id: stay.roomId, start_date: stay.start, end_date: stay.end, payment_method: 'on_site' }),
  });
  return counts;
}

async function measure(server: RunningServer, requests: RequestSpec[], connections = CONNECTIONS, amount?: number): Promise<LoadResult> {
  const result = await load({
    url: server.url,
    requests,
    connections,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    serverPid: server.pid,
    ...(amount ? { amount } : {}),
  });
  await settle(server.url);
  return result;
}

/**
 * A freshly started server runs cold (V8 and, on PGlite, its WebAssembly tier up as they go): every measured
 * server first serves the public reads for a few seconds, so that both sizes are measured warm.
 */
async function warmUp(server: RunningServer, calls: Endpoints): Promise<void> {
  log('warming the server up');
  const requests = [calls.properties, calls.property, calls.rooms, calls.availability].flatMap((call) => call.requests);
  await load({ url: server.url, requests, connections: CONNECTIONS, seconds: WARMUP_SECONDS * 2, warmupSeconds: 1 });
  await settle(server.url);
}

/** Waits until the server answers its health check promptly: requests cut off at the end of a run may still be in work. */
async function settle(url: string): Promise<void> {
  const healthUrl = new URL('/api/health', url).toString();
  for (let attempt = 0; attempt < 100; attempt++) {
    const started = performance.now();
    const response = await fetch(healthUrl).catch(() => undefined);
    await response?.arrayBuffer();
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main() {
  // Issue 25's figures alone: `--start` (start time, memory) or `--soak` (memory under time).
  const production = process.argv.includes('--soak') ? 'soak' : process.argv.includes('--start') ? 'start' : null;
  if (production) return runProductionBench(production, log);
  // Issue 26's figures alone: the search at both sizes, with its plans.
  if (process.argv.includes('--search')) return runSearchBench(log);
  // Issue 30's figures alone: the reports and the bookings export at both sizes.
  if (process.argv.includes('--reports')) return runReportsBench(log);
  if (SIZES.bookings > 50_000 && !process.env.DATABASE_URL?.trim()) throw new Error('BENCH_BOOKINGS=1000000 runs on PostgreSQL: set DATABASE_URL');
  const startedAt = new Date();
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const database = databaseUrl ? 'postgres' : 'pglite';
  const data = buildDataset();
  const adminPassword = randomBytes(12).toString('base64url');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-bench-'));
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
  const target: Target = { dataDir, databaseUrl: scratch?.url };
  const servers = new Set<RunningServer>();
  // Counting statements and measuring the database's work need every read to reach it: those servers run without
  // the public read cache. The table's main figures are the product as it ships (cache on).
  const serve = async ({ countQueries: countQueriesOn = false, publicCache = true, port }: { countQueries?: boolean; publicCache?: boolean; port?: number } = {}) => {
    const server = await startServer({ dataDir, databaseUrl: scratch?.url, adminPassword, countQueries: countQueriesOn, publicCache, port });
    servers.add(server);
    return server;
  };
  const stop = async (server: RunningServer) => {
    await server.stop();
    servers.delete(server);
  };

  try {
    buildWeb();
    const starts = await measureStarts(log);
    log(`${database}: generating ${SIZES.properties} properties, ${data.rooms.length} rooms, ${data.users.length} guests, ${data.firstBookings.length} bookings`);
    await generateFirst(target, data);
    const plan5k = await explainAvailability(target, data);
    log(`admin reads @ ${small}: EXPLAIN and timing`);
    const adminSmall = await explainAdminCalls(target, data);
    log(`search @ ${small}: EXPLAIN and p95`);
    const searchSmall: SearchTiming[] = await measureSearch(target, data);
    const versionHandle = await openDatabase(databaseUrl ? { databaseUrl: scratch!.url, poolSize: 1 } : { dataDir });
    const [version] = await queryRows<{ version: string }>(versionHandle.db, sql`select version()`);
    await versionHandle.close();

    // 5,000 bookings: sign in, count queries per call, then load the availability call.
    let server = await serve({ countQueries: true, publicCache: false });
    log('signing in the admin and 200 guests');
    const tokens: Tokens = {
      admin: await login(server.url, ADMIN_EMAIL, adminPassword),
      guests: [],
    };
    for (const guest of data.users.slice(0, RACE_CLIENTS)) tokens.guests.push(await login(server.url, guest.email));
    const calls = endpoints(data, tokens);
    const queries5k = await probeQueries(server.url, calls, tokens);
    await stop(server);
    server = await serve({ publicCache: false });
    await warmUp(server, calls);
    // The public reads with the cache off at the first size too: their growth with the bookings (issue 18).
    const uncachedSmall: Partial<Record<PublicRead, LoadResult>> = {};
    for (const key of PUBLIC_READS) {
      log(`${calls[key].name} @ ${small} (cache off)`);
      uncachedSmall[key] = await measure(server, calls[key].requests);
    }
    const availability5k = uncachedSmall.availability!;
    await stop(server);

    log(`topping up to ${SIZES.bookings.toLocaleString('en')} bookings`);
    await generateRest(target, data);
    const plan50k = await explainAvailability(target, data);
    log(`admin reads @ ${large}: EXPLAIN and timing`);
    const adminLarge = await explainAdminCalls(target, data);
    log(`search @ ${large}: EXPLAIN and p95`);
    const searchLarge = await measureSearch(target, data, SIZES.bookings > 100_000 ? 60 : 100);
    server = await serve({ countQueries: true, publicCache: false });
    const queries50k = await probeQueries(server.url, calls, tokens);
    await stop(server);

    // 50,000 bookings, cache off: what each public read costs when it reaches the database (a first visitor after a
    // change), and the availability call's growth from 5,000.
    server = await serve({ publicCache: false });
    await warmUp(server, calls);
    const uncached: EndpointReport[] = [];
    let availability50k: LoadResult | undefined;
    for (const key of ['properties', 'property', 'rooms', 'availability'] as const) {
      log(`${calls[key].name} (cache off)`);
      const result = await measure(server, calls[key].requests);
      if (key === 'availability') availability50k = result;
      uncached.push({ name: `${calls[key].name} (cache off)`, read: false, uncached: true, load: result });
    }
    await stop(server);

    const ceilingServer = await startCeiling();
    servers.add(ceilingServer);
    server = await serve();
    await warmUp(server, calls);
    const pageWeight = existsSync(path.join(WEB_DIST, 'index.html')) ? await measurePageWeight(WEB_DIST, server.url) : undefined;
    // Lighthouse on the quiet, warm server, before the load: `/`, the first property listed and its first room.
    if (LIGHTHOUSE_ON) log('lighthouse: `/`, a property, a room, a search with dates (BENCH_LIGHTHOUSE=0 skips it)');
    const lighthouse = LIGHTHOUSE_ON ? await measureLighthouse(server.url, { adminToken: tokens.admin, log }) : undefined;
    // The ceiling is measured just before and just after the public reads: the machine's other load drifts.
    log('ceiling: bare Fastify');
    const ceilingBefore = await measure(ceilingServer, [{ path: '/' }]);
    const reports: EndpointReport[] = [];
    let ceilingAfter: LoadResult | undefined;
    for (const key of ['properties', 'property', 'rooms', 'availability', ...(FULL_LIST ? (['all'] as const) : []), 'page', 'summary', 'today', 'timeline', 'create'] as const) {
      const call = calls[key];
      if (key === 'all' || (!FULL_LIST && key === 'page')) {
        log('ceiling: bare Fastify, again');
        ceilingAfter = await measure(ceilingServer, [{ path: '/' }]);
        await stop(ceilingServer);
      }
      log(call.name);
      const result = await measure(server, call.requests, 'connections' in call ? call.connections : CONNECTIONS, 'amount' in call ? call.amount : undefined);
      reports.push({ name: call.name, read: call.read, load: result, queries: { at5k: queries5k[key]!, at50k: queries50k[key]! } });
    }
    // A guest's own list is counted, not loaded: its query count must not grow with its rows either.
    reports.push({ name: "GET /api/bookings (a guest's own; counted only)", read: false, queries: { at5k: queries5k.mine!, at50k: queries50k.mine! } });
    reports.push(...uncached);
    log(`booking race: ${RACE_CLIENTS} clients`);
    const race = await bookingRace(server.url, tokens.guests, data.race);
    // Two instances (their own processes and pools) on one PostgreSQL: PGlite lives inside one process.
    let race2: TwoInstanceRaceResult | undefined;
    if (database === 'postgres') {
      const second = await serve({ port: 3902 });
      log(`booking race over two instances: ${RACE_CLIENTS} clients × ${data.race2.length} rooms`);
      race2 = await bookingRaceTwoInstances([server.url, second.url], tokens.guests, data.race2);
      await stop(second);
    }
    await stop(server);

    const cpus = os.cpus();
    const partial: Omit<BenchResults, 'budgets'> = {
      database,
      databaseVersion: version?.version.split(' on ')[0] ?? '?',
      startedAt: startedAt.toISOString(),
      seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      machine: {
        cpus: cpus.length,
        cpuModel: cpus[0]?.model.trim() ?? '?',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        platform: `${os.type()} ${os.release()} ${os.arch()}`,
      },
      settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, acceptEncoding: BROWSER_HEADERS['accept-encoding'] },
      data: { properties: data.properties.length, rooms: data.rooms.length, users: data.users.length, bookingsFirst: data.firstBookings.length, bookingsTotal: SIZES.bookings },
      ceiling: { before: ceilingBefore, after: ceilingAfter!, rps: (ceilingBefore.rps + ceilingAfter!.rps) / 2 },
      endpoints: reports.map((report) => (report.name.startsWith('GET /api/rooms/{id}/availability') ? { ...report, name: `${report.name} @ ${large}` } : report)),
      availability: { at5k: availability5k, at50k: availability50k!, plan5k, plan50k },
      adminCalls: { small: adminSmall, large: adminLarge },
      publicReads: PUBLIC_READS.map((key) => ({
        name: calls[key].name,
        small: uncachedSmall[key]!,
        large: uncached.find((report) => report.name.startsWith(calls[key].name))!.load!,
      })),
      race,
      ...(race2 ? { race2 } : {}),
      ...(pageWeight ? { pageWeight } : {}),
      ...(lighthouse ? { lighthouse } : {}),
    };
    const results: BenchResults = { ...partial, budgets: evaluateBudgets(partial) };

    await mkdir(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${database}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    const search = { database, rooms: data.rooms.length, small: searchSmall, large: searchLarge };
    await writeFile(file, `${JSON.stringify({ ...results, search }, null, 2)}\n`);
    console.log(`${formatStarts(starts)}\n`);
    console.log(formatReport(results));
    console.log(`\n${formatSearchReport(search)}`);
    console.log(`\nresults: ${path.relative(ROOT, file)} (${results.seconds} s)`);
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    await scratch?.drop().catch((error: unknown) => log(`could not drop the bench database: ${String(error)}`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
