/**
 * The production start's figures (issue 25), printed by `npm run bench` before its table, alone with
 * `npm run bench -- --start`, and the soak with `npm run bench -- --soak`. PGlite always; PostgreSQL too when
 * DATABASE_URL names a server (a scratch database is created on it and dropped). Budgets beside each figure.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureProductionStart, npmStart, START_RUNS, WARM_REQUESTS, type StartFigures } from './production-start.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { soak, SOAK_SECONDS, type SoakResult } from './soak.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** Issue 25's budgets, by database. */
export const START_BUDGETS = {
  pglite: { readyMs: 5000, rssMb: 300 },
  postgres: { readyMs: 3000, rssMb: 160 },
  firstStartMs: 20_000,
  peakMb: 400,
  soakGrowthPercent: 5,
} as const;

const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

export async function measureStarts(log: (message: string) => void): Promise<StartFigures[]> {
  // Built beforehand, as after a deploy: the starts measured are the ones that find the build up to date.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--stale'], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const figures = [await measureProductionStart({ log })];
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl);
    try {
      figures.push(await measureProductionStart({ databaseUrl: scratch.url, log }));
    } finally {
      await scratch.drop();
    }
  }
  return figures;
}

export function formatStarts(figures: StartFigures[]): string {
  const lines = [`Production start (npm start → /api/ready 200; compiled server; median of ${START_RUNS} starts on existing data)`];
  for (const figure of figures) {
    const budget = START_BUDGETS[figure.database];
    const peak = Math.max(figure.peakAtStartMb, figure.peakAtFirstStartMb);
    lines.push(
      `  ${figure.database.padEnd(8)} ready ${figure.medianRestartMs} ms (runs ${figure.restartsMs.join(', ')}; budget ${budget.readyMs}) ${verdict(figure.medianRestartMs <= budget.readyMs)}`,
      `  ${''.padEnd(8)} CPU time to ready ${figure.medianRestartCpuMs} ms (runs ${figure.restartsCpuMs.join(', ')}): the start's own work, whatever else the machine runs`,
      `  ${''.padEnd(8)} first start with the demo seed ${figure.firstStartMs} ms (budget ${START_BUDGETS.firstStartMs}) ${verdict(figure.firstStartMs <= START_BUDGETS.firstStartMs)}`,
      `  ${''.padEnd(8)} resident ${figure.rssAtReadyMb} MB at ready, ${figure.rssAfterWarmMb} MB after ${WARM_REQUESTS} public requests (budget ${budget.rssMb}) ${verdict(figure.rssAfterWarmMb <= budget.rssMb)}` +
        (figure.failures ? `, ${figure.failures} failed` : ''),
      `  ${''.padEnd(8)} peak ${figure.peakAtStartMb} MB during a start, ${figure.peakAtFirstStartMb} MB during the first (budget ${START_BUDGETS.peakMb}) ${verdict(peak <= START_BUDGETS.peakMb)}`,
    );
    if (figure.machinePeakAtFirstStartMb > figure.peakAtFirstStartMb) {
      lines.push(
        `  ${''.padEnd(8)} first start, server and its database-creating child together: ${figure.machinePeakAtFirstStartMb} MB at most (PGlite's initdb, once, for a few seconds)`,
      );
    }
  }
  return lines.join('\n');
}

export function formatSoak(result: SoakResult, database: string): string {
  return [
    `Soak on ${database}: ${result.seconds} s of mixed traffic, ${result.requests} requests (${result.bookings} bookings made and cancelled, ${result.refusedBookings} refused, ${result.failures} failed)`,
    `  resident MB every sample: ${result.samples.map((sample) => `${sample.second}s ${sample.rssMb}`).join(', ')}`,
    `  growth over the last ${result.growthWindowSeconds} s: ${result.growthPercent} % (budget ${START_BUDGETS.soakGrowthPercent} %) ${verdict(result.growthPercent <= START_BUDGETS.soakGrowthPercent)}`,
    `  p99 first minute ${result.p99FirstMinuteMs} ms, last minute ${result.p99LastMinuteMs} ms`,
  ].join('\n');
}

async function save(name: string, value: unknown): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** `--start`: the start figures alone; `--soak`: the soak (PostgreSQL when DATABASE_URL is set). */
export async function runProductionBench(mode: 'start' | 'soak', log: (message: string) => void): Promise<void> {
  if (mode === 'start') {
    const figures = await measureStarts(log);
    console.log(formatStarts(figures));
    console.log(`\nresults: ${await save('start', figures)}`);
    return;
  }
  const serverUrl = process.env.DATABASE_URL?.trim();
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-soak-'));
  const adminEmail = 'admin@bench.example';
  const adminPassword = 'bench-soak-password';
  try {
    log(`soak: npm start (${scratch ? 'postgres' : 'pglite'}, demo data), stopped, started again, then ${SOAK_SECONDS} s of mixed traffic`);
    // A server as an owner's runs: started on existing data (the first start's database creation is not in it).
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      // Four guests book and cancel all along: the per-account limits would stop them.
      BOOKING_RATE_LIMIT: '1000000',
      MAX_ACTIVE_BOOKINGS_PER_USER: '1000000',
      AUTH_RATE_LIMIT: '1000000',
      // Its guests book on site without proving their e-mail first (an owner's setting; decision 0029).
      ON_SITE_REQUIRES_VERIFIED_EMAIL: 'false',
      MAX_UNPAID_NIGHTS_PER_USER: '100000',
    };
    await (await npmStart(env, 3920)).stop();
    const site = await npmStart(env, 3920);
    try {
      const result = await soak(site, adminPassword, adminEmail, log);
      const database = scratch ? 'postgres' : 'pglite';
      console.log(formatSoak(result, database));
      console.log(`\nresults: ${await save(`soak-${database}`, result)}`);
    } finally {
      await site.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
