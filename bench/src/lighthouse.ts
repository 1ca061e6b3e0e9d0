/**
 * Lighthouse on the public pages (issue 17): `/`, the first property the home page lists and its first room, and a
 * search with dates (issue 26: `/search?start_date=&end_date=&guests=1`, a fortnight from two weeks ahead), each
 * loaded RUNS times by the `lighthouse` package in the system Chromium with its default config — the mobile preset:
 * a Moto G Power's screen, simulated slow 4G and a 4× slower CPU — keeping the median run by performance score.
 *
 * `npm run bench` runs it against its own server (`BENCH_LIGHTHOUSE=0` skips it). Alone, against a running server:
 *
 *   node --import tsx bench/src/lighthouse.ts http://127.0.0.1:3000 [/property/ID /room/ID]
 *
 * (paths left out: the first property of GET /api/properties and its first room; ADMIN_EMAIL and ADMIN_PASSWORD
 * let it upload a photo where the measured ones have none; BENCH_LIGHTHOUSE_JSON=file writes the figures there).
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as ChromeLauncher from 'chrome-launcher';
import type { default as Lighthouse, Flags, Result } from 'lighthouse';
import { login } from './api.ts';
import { ensurePhotos, type PhotoSetup } from './lighthouse-photo.ts';

export const LIGHTHOUSE_ON = process.env.BENCH_LIGHTHOUSE !== '0';
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_LIGHTHOUSE_RUNS)) || 3);
/** One Lighthouse run: past this the run is abandoned and its Chromium killed. */
const RUN_TIMEOUT_MS = 120_000;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

export interface LighthouseFigures {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
}

export interface LighthouseFinding {
  id: string;
  title: string;
  /** Lighthouse's own summary (“Potential savings of 120 ms”, “3 long tasks found”…). */
  display?: string;
  /** The metrics it would improve, in ms (LCP, FCP, TBT) as Lighthouse estimates them. */
  savingsMs?: number;
  /** Its worst items (resources, scripts, elements), shortened. */
  items?: string[];
}

export interface LighthousePage {
  name: 'home' | 'property' | 'room' | 'search';
  path: string;
  /** The HTML's time to last byte without a browser: the first request (warm-up) and the second. */
  documentMs: { first: number; second: number };
  /** Every run's figures, in the order run. */
  runs: LighthouseFigures[];
  /** The median run by performance score. */
  median: LighthouseFigures;
  /** Of the median run: the LCP element and its phases. */
  lcpElement?: string;
  /** Of the median run: the performance audits that fail, biggest estimated savings first. */
  findings: LighthouseFinding[];
  /** Of the median run: scripts by main-thread time (bootup-time). */
  scripts: string[];
  /** Of the median run: the accessibility audits that fail. */
  accessibilityFailures: LighthouseFinding[];
  warnings: string[];
  /** Runs that failed and were tried again (their messages). */
  failures?: string[];
}

export interface LighthouseReport {
  lighthouseVersion?: string;
  chromium?: string;
  /** Lighthouse's CPU benchmark of this machine (its throttling assumes a desktop of about 1,000 or more). */
  benchmarkIndex?: number;
  /** The machine's 1-minute load average before and after: Lighthouse multiplies what the CPU took by 4, contention too. */
  loadAverage?: { before: number; after: number };
  settings: string;
  runsPerPage: number;
  photos?: PhotoSetup;
  pages: LighthousePage[];
  /** Why it measured nothing or stopped short. */
  error?: string;
}

/** The search measured (issue 26): with dates, as a visitor's search from the home page asks it. */
function searchPath(): string {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `/search?start_date=${day(14)}&end_date=${day(28)}&guests=1`;
}

const round = (value: number | undefined, digits = 0) => (value === undefined ? NaN : Number(value.toFixed(digits)));
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^(.{70}).+$/, '$1…');

function figures(lhr: Result): LighthouseFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  return {
    performance: round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: round(numeric('largest-contentful-paint')),
    tbtMs: round(numeric('total-blocking-time')),
    cls: round(numeric('cumulative-layout-shift'), 3),
    fcpMs: round(numeric('first-contentful-paint')),
    speedIndexMs: round(numeric('speed-index')),
  };
}

type Details = { type?: string; items?: Array<Record<string, unknown>> } | undefined;

/** The first items of a table or opportunity: a URL or a node, and what it costs. */
function itemsOf(details: Details, limit = 3): string[] {
  if (!details?.items || (details.type !== 'table' && details.type !== 'opportunity')) return [];
  return details.items.slice(0, limit).map((item) => {
    const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
    const statistic = typeof item.statistic === 'string' ? `${item.statistic}: ${String((item.value as { value?: unknown } | undefined)?.value ?? '')}` : '';
    const what =
      typeof item.url === 'string'
        ? shortUrl(item.url)
        : [statistic, node?.snippet?.slice(0, 90)].filter(Boolean).join(' ') || String(item.group ?? item.groupLabel ?? item.label ?? '?');
    const costs = [
      typeof item.wastedMs === 'number' ? `${Math.round(item.wastedMs)} ms` : '',
      typeof item.wastedBytes === 'number' ? `${(item.wastedBytes / 1000).toFixed(1)} KB wasted` : '',
      typeof item.scripting === 'number' ? `${Math.round(item.scripting)} ms scripting` : '',
      typeof item.duration === 'number' ? `${Math.round(item.duration)} ms` : '',
    ].filter(Boolean);
    return costs.length ? `${what} (${costs.join(', ')})` : what;
  });
}

const savings = (metricSavings: Partial<Record<string, number>> | undefined) =>
  (metricSavings?.LCP ?? 0) + (metricSavings?.FCP ?? 0) + (metricSavings?.TBT ?? 0);

function findings(lhr: Result, category: 'performance' | 'accessibility'): LighthouseFinding[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => category === 'accessibility' || ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit && audit.score !== null && audit.score < (category === 'accessibility' ? 1 : 0.9))
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      ...(audit.displayValue ? { display: audit.displayValue } : {}),
      ...(savings(audit.metricSavings) ? { savingsMs: Math.round(savings(audit.metricSavings)) } : {}),
      items: itemsOf(audit.details as Details),
    }))
    .sort((a, b) => (b.savingsMs ?? 0) - (a.savingsMs ?? 0));
}

function lcpElement(lhr: Result): string | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<Record<string, unknown>> }> } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  if (!node?.snippet) return undefined;
  const phases = (details?.items?.[1]?.items ?? []).map((phase) => `${String(phase.phase)} ${Math.round(Number(phase.timing))} ms`);
  return `${node.snippet.slice(0, 160)}${phases.length ? ` — ${phases.join(', ')}` : ''}`;
}

interface Tools {
  lighthouse: typeof Lighthouse;
  launch: typeof ChromeLauncher.launch;
}

/** Lighthouse, and chrome-launcher as Lighthouse itself resolves it (its dependency), loaded only when measuring. */
async function loadTools(): Promise<Tools> {
  const { default: lighthouse } = await import('lighthouse');
  const fromLighthouse = createRequire(fileURLToPath(import.meta.resolve('lighthouse')));
  const launcher = (await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href)) as typeof ChromeLauncher;
  return { lighthouse, launch: launcher.launch };
}

/** One Lighthouse run in a Chromium of its own, killed whatever happens; rejects past RUN_TIMEOUT_MS. */
async function runOnce(tools: Tools, url: string, chromePath: string): Promise<Result> {
  const chrome = await tools.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT: false });
  // Stopped from outside (Ctrl-C, `timeout`, the session's end): Chromium goes first, then the signal does its work.
  const onSignal = (signal: NodeJS.Signals) => {
    chrome.kill();
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
    process.kill(process.pid, signal);
  };
  for (const name of STOP_SIGNALS) process.once(name, onSignal);
  let timer: NodeJS.Timeout | undefined;
  try {
    const flags: Flags = { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'], maxWaitForLoad: 45_000 };
    const run = tools.lighthouse(url, flags);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)), RUN_TIMEOUT_MS);
    });
    run.catch(() => undefined); // after a timeout, killing Chromium makes it fail: nobody waits for it any more
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    clearTimeout(timer);
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
    chrome.kill();
  }
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Asks for the page twice before Lighthouse does: the server answers 200 HTML (or the step fails), and a cold path
 * (the first server render of a page, modules loaded on first use) is not what the runs measure.
 */
async function warmUp(url: string): Promise<{ first: number; second: number }> {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    if (!response.ok || !response.headers.get('content-type')?.includes('text/html')) {
      throw new Error(`GET ${url} answered ${response.status} ${response.headers.get('content-type')}`);
    }
    times.push(Math.round(performance.now() - started));
  }
  return { first: times[0]!, second: times[1]! };
}

interface Options {
  /** Lets it upload a photo where the measured property or room has none that answers. */
  adminToken?: string;
  /** The property and room pages to measure; by default the first property listed and its first room. */
  paths?: { property: string; room: string };
  log?: (message: string) => void;
}

/** Measures the four pages; never throws: what went wrong is in `error`, with the pages measured until then. */
export async function measureLighthouse(baseUrl: string, options: Options = {}): Promise<LighthouseReport> {
  const log = options.log ?? ((message: string) => console.error(message));
  const report: LighthouseReport = {
    settings: 'default config (mobile: 412×823 at 1.75×, simulated slow 4G, 4× CPU slowdown); performance and accessibility',
    runsPerPage: RUNS,
    pages: [],
  };
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const loadBefore = round(os.loadavg()[0], 2);
  try {
    if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (CHROMIUM_PATH)`);
    const home = await fetch(baseUrl, { signal: AbortSignal.timeout(15_000) });
    await home.arrayBuffer();
    if (!home.ok || !home.headers.get('content-type')?.includes('text/html')) throw new Error(`GET / answered ${home.status} ${home.headers.get('content-type')}: no web build served?`);

    let paths = options.paths;
    const [property] = await json<Array<{ id: string; photos: string[] }>>(`${baseUrl}/api/properties`);
    if (!property && !paths) throw new Error('no property to measure');
    if (property) {
      const propertyId = paths ? /\/property\/([^/?#]+)/.exec(paths.property)?.[1] : property.id;
      const place = propertyId ? await json<{ id: string; photos: string[] }>(`${baseUrl}/api/properties/${propertyId}`) : property;
      const roomId = paths ? /\/room\/([^/?#]+)/.exec(paths.room)?.[1] : undefined;
      const room = roomId
        ? await json<{ id: string; photos: string[] }>(`${baseUrl}/api/rooms/${roomId}`)
        : (await json<Array<{ id: string; photos: string[] }>>(`${baseUrl}/api/rooms?property_id=${place.id}`))[0];
      if (!room) throw new Error(`property ${place.id} has no room`);
      paths ??= { property: `/property/${place.id}`, room: `/room/${room.id}` };
      report.photos = await ensurePhotos(baseUrl, options.adminToken, place, room);
      log(`lighthouse: photos ${report.photos.status} (${[...report.photos.property.slice(0, 1), ...report.photos.room.slice(0, 1)].join(', ')})`);
    }

    const tools = await loadTools();
    const failed: string[] = [];
    for (const [name, path] of [['home', '/'], ['property', paths!.property], ['room', paths!.room], ['search', searchPath()]] as const) {
      // A run that fails (no paint within Lighthouse's wait, a crash, the timeout) is tried again in a new Chromium,
      // two extra attempts a page at most; a page that still has no run is reported, and the next page goes on.
      let documentMs: { first: number; second: number };
      try {
        documentMs = await warmUp(`${baseUrl}${path}`);
      } catch (error) {
        failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const results: Result[] = [];
      const failures: string[] = [];
      for (let attempt = 1; results.length < RUNS && attempt <= RUNS + 2; attempt++) {
        log(`lighthouse ${path}: run ${results.length + 1} of ${RUNS}${failures.length ? ` (after ${failures.length} failed)` : ''}`);
        try {
          results.push(await runOnce(tools, `${baseUrl}${path}`, chromePath));
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
          log(`lighthouse ${path}: ${failures.at(-1)}`);
        }
      }
      if (!results.length) {
        failed.push(`${name}: ${failures.at(-1)}`);
        continue;
      }
      report.lighthouseVersion ??= results[0]!.lighthouseVersion;
      report.chromium ??= /(?:Headless)?Chrome\/([\d.]+)/.exec(results[0]!.environment.hostUserAgent)?.[1];
      report.benchmarkIndex ??= round(results[0]!.environment.benchmarkIndex);
      const median = [...results].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))[Math.floor(results.length / 2)]!;
      report.pages.push({
        name,
        path,
        documentMs,
        runs: results.map(figures),
        median: figures(median),
        lcpElement: lcpElement(median),
        findings: findings(median, 'performance').slice(0, 8),
        scripts: itemsOf(median.audits['bootup-time']?.details as Details, 4),
        accessibilityFailures: findings(median, 'accessibility'),
        warnings: median.runWarnings.map((warning) => warning.slice(0, 200)),
        ...(failures.length ? { failures } : {}),
      });
    }
    if (failed.length) throw new Error(`no run succeeded on ${failed.join('; ')}`);
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    log(`lighthouse: ${report.error}`);
  }
  report.loadAverage = { before: loadBefore, after: round(os.loadavg()[0], 2) };
  return report;
}

/** The figures (one row a page, the median run) and each page's findings, as text: the bench's report prints it too. */
export function formatLighthouse(report: LighthouseReport): string {
  const out: string[] = [
    `Lighthouse ${report.lighthouseVersion ?? '?'} · Chromium ${report.chromium ?? '?'} · benchmarkIndex ${report.benchmarkIndex ?? '?'}` +
      (report.loadAverage ? ` · load average ${report.loadAverage.before} → ${report.loadAverage.after}` : '') +
      ` · median of ${report.runsPerPage} · photos: ${report.photos?.status ?? '?'}`,
    report.settings,
  ];
  const rows = [
    ['page', 'performance (runs)', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'SI ms', 'accessibility', 'HTML ms (1st/2nd)', 'path'],
    ...report.pages.map(({ name, path, median: m, runs, documentMs }) => [
      name,
      `${m.performance} (${runs.map((run) => run.performance).join('/')})`,
      String(m.lcpMs),
      String(m.tbtMs),
      String(m.cls),
      String(m.fcpMs),
      String(m.speedIndexMs),
      String(m.accessibility),
      `${documentMs.first}/${documentMs.second}`,
      path,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  out.push('', ...rows.map((row) => row.map((cell, column) => (column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd()));
  for (const page of report.pages) {
    out.push('', `${page.name}: LCP element ${page.lcpElement ?? '?'}`);
    for (const finding of page.findings.slice(0, 5)) {
      out.push(`  - ${finding.title}${finding.display ? ` — ${finding.display}` : ''}${finding.savingsMs ? ` (≈ ${finding.savingsMs} ms)` : ''}`);
      for (const item of finding.items ?? []) out.push(`      ${item}`);
    }
    if (page.scripts.length) out.push(`  main-thread time by script: ${page.scripts.join('; ')}`);
    for (const failure of page.accessibilityFailures) out.push(`  ✗ accessibility: ${failure.title}${failure.items?.length ? ` (${failure.items.join('; ')})` : ''}`);
    for (const warning of page.warnings) out.push(`  ! ${warning}`);
    for (const failure of page.failures ?? []) out.push(`  ! a run failed and was tried again: ${failure}`);
  }
  if (report.error) out.push('', `Lighthouse stopped: ${report.error}`);
  return out.join('\n');
}

async function main() {
  const [baseArg, property, room] = process.argv.slice(2);
  if (!baseArg) throw new Error('usage: node --import tsx bench/src/lighthouse.ts http://127.0.0.1:PORT [/property/ID /room/ID]');
  const baseUrl = baseArg.replace(/\/$/, '');
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = process.env;
  const adminToken = email && password ? await login(baseUrl, email, password) : undefined;
  const report = await measureLighthouse(baseUrl, { adminToken, ...(property && room ? { paths: { property, room } } : {}) });
  if (process.env.BENCH_LIGHTHOUSE_JSON) await writeFile(process.env.BENCH_LIGHTHOUSE_JSON, `${JSON.stringify(report, null, 2)}\n`);
  console.log(formatLighthouse(report));
  if (report.error) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
