/**
 * The production start as an owner runs it (issue 25): `npm start` on a fresh data folder (the demo seed), then
 * restarts on that existing data, timed to /api/ready answering 200; the server's resident memory after 1,000 mixed
 * public requests and its peak during start. Memory is the server's own process (npm and its shell left out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMillis, nodeTreeResidentMb, residentMemory, serverProcess } from './process-memory.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const START_RUNS = 5;
export const WARM_REQUESTS = 1000;

export interface StartedSite {
  url: string;
  /** The node process serving (not npm's). */
  pid: number;
  /** Milliseconds from spawning `npm start` to /api/ready answering 200. */
  readyMs: number;
  /** CPU milliseconds the server's process had used by then. */
  cpuMs: number;
  /** The most the server and its child processes held together while it started (sampled as /api/ready was polled). */
  treePeakMb: number;
  stop: () => Promise<void>;
}

/** Runs `npm start` with `env` on `port` and waits for /api/ready. */
export async function npmStart(env: Record<string, string>, port: number, timeoutMs = 600_000): Promise<StartedSite> {
  const url = `http://127.0.0.1:${port}`;
  if (await fetch(url).then(() => true, () => false)) throw new Error(`port ${port} is already in use`);
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let treePeakMb = 0;
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = started + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`npm start: /api/ready did not answer within ${timeoutMs} ms:\n${log}`);
    }
    treePeakMb = Math.max(treePeakMb, nodeTreeResidentMb(child.pid!));
    const ok = await fetch(`${url}/api/ready`).then((response) => response.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const readyMs = Math.round(performance.now() - started);
  const pid = serverProcess(child.pid!);
  if (!pid) throw new Error('npm start: no node process under it');
  return {
    url,
    pid,
    readyMs,
    treePeakMb,
    cpuMs: cpuMillis(pid) ?? Number.NaN,
    async stop() {
      if (child.exitCode !== null) return;
      // The server itself, so that it closes gracefully (its database too) whatever npm does with signals.
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}

/** The public side of the site: pages (server-rendered), the catalogue, a room's calendar, photos. */
export async function publicPaths(url: string): Promise<string[]> {
  const rooms = (await (await fetch(`${url}/api/rooms`)).json()) as Array<{ id: string; property_id: string; photos?: string[] }>;
  const properties = (await (await fetch(`${url}/api/properties`)).json()) as Array<{ id: string }>;
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const paths = ['/', '/?lang=en', '/contact', '/privacy', '/login', '/api/config', '/api/properties', '/api/rooms', '/sitemap.xml'];
  for (const property of properties.slice(0, 3)) paths.push(`/property/${property.id}`, `/api/properties/${property.id}`);
  for (const room of rooms.slice(0, 4)) {
    paths.push(`/room/${room.id}`, `/api/rooms/${room.id}/availability?start=${today}&end=${end}`, `/api/rooms?property_id=${room.property_id}`);
    const photo = room.photos?.[0];
    if (photo) paths.push(photo);
  }
  return paths;
}

/** `count` GET requests cycling through `paths`, `concurrency` at a time; answers the non-2xx/3xx count. */
export async function drive(url: string, paths: string[], count: number, concurrency = 8): Promise<number> {
  let next = 0;
  let failures = 0;
  const headers = { 'accept-encoding': 'gzip, br', 'accept-language': 'fr' };
  const worker = async () => {
    while (next < count) {
      const target = paths[next++ % paths.length]!;
      const response = await fetch(`${url}${target}`, { headers, redirect: 'manual' }).catch(() => undefined);
      await response?.arrayBuffer();
      if (!response || response.status >= 400) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

export interface StartFigures {
  database: 'pglite' | 'postgres';
  /** First start on an empty data folder or database: migrations, admin, demo seed with its photos. */
  firstStartMs: number;
  peakAtFirstStartMb: number;
  /** The same with the child process that creates the embedded database on a first start (none on PostgreSQL). */
  machinePeakAtFirstStartMb: number;
  /** Starts on the existing data, each to /api/ready. */
  restartsMs: number[];
  medianRestartMs: number;
  /** CPU time of each start's server process to ready (the machine's other load inflates wall time, less this). */
  restartsCpuMs: number[];
  medianRestartCpuMs: number;
  /** The server's resident memory when /api/ready first answered, and its peak during the start (VmHWM). */
  rssAtReadyMb: number;
  peakAtStartMb: number;
  /** After WARM_REQUESTS mixed public requests. */
  rssAfterWarmMb: number;
  peakAfterWarmMb: number;
  failures: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** First start (seed), then START_RUNS starts on the existing data; the last one is warmed and measured. */
export async function measureProductionStart(options: { databaseUrl?: string; port?: number; log: (message: string) => void }): Promise<StartFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-start-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? '', ADMIN_PASSWORD: 'bench-start-password' };
  const port = options.port ?? 3910;
  const database = options.databaseUrl ? 'postgres' : 'pglite';
  try {
    options.log(`${database}: npm start on an empty data folder (demo seed)`);
    const first = await npmStart(env, port);
    const firstPeak = residentMemory(first.pid)?.peakMb ?? Number.NaN;
    await first.stop();
    const restartsMs: number[] = [];
    const restartsCpuMs: number[] = [];
    let last: StartedSite | undefined;
    for (let run = 0; run < START_RUNS; run++) {
      const site = await npmStart(env, port);
      restartsMs.push(site.readyMs);
      restartsCpuMs.push(site.cpuMs);
      if (run < START_RUNS - 1) await site.stop();
      else last = site;
    }
    const site = last!;
    try {
      const atReady = residentMemory(site.pid);
      options.log(`${database}: ${WARM_REQUESTS} mixed public requests`);
      const failures = await drive(site.url, await publicPaths(site.url), WARM_REQUESTS);
      const afterWarm = residentMemory(site.pid);
      return {
        database,
        firstStartMs: first.readyMs,
        peakAtFirstStartMb: firstPeak,
        machinePeakAtFirstStartMb: Math.max(first.treePeakMb, firstPeak),
        restartsMs,
        medianRestartMs: median(restartsMs),
        restartsCpuMs,
        medianRestartCpuMs: median(restartsCpuMs),
        rssAtReadyMb: atReady?.rssMb ?? Number.NaN,
        peakAtStartMb: atReady?.peakMb ?? Number.NaN,
        rssAfterWarmMb: afterWarm?.rssMb ?? Number.NaN,
        peakAfterWarmMb: afterWarm?.peakMb ?? Number.NaN,
        failures,
      };
    } finally {
      await site.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
