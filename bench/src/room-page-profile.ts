/**
 * Main-thread cost of a room page (/room/:id) in the system Chromium with the CPU slowed down ×4 (Lighthouse's mobile
 * preset), phase by phase:
 *   load      — opening the page until it is quiet (no scrolling: what a phone shows first), the calendar's code held back;
 *   calendar  — letting the calendar's code in and scrolling the booking card into view, until React has mounted or
 *               hydrated the calendar and the page is quiet again: the calendar's whole cost (its chunk's evaluation,
 *               its render);
 *   hover     — the mouse passing over every day of the two months shown;
 *   dates     — clicking an arrival, then a departure a week later, until the stay summary and the payment step are shown.
 * With --no-hold the calendar comes whenever the page asks for it: in the load phase, or in the calendar phase when the
 * page waits for it to come on screen (the room page does, on a phone).
 * Each phase prints the script time (CDP Performance.getMetrics ScriptDuration), all main-thread task time
 * (TaskDuration), its long tasks (> 50 ms) and their blocking part (what Lighthouse's TBT adds up), median of the runs.
 *
 *   node --import tsx bench/src/room-page-profile.ts http://127.0.0.1:3107/room/<id>
 *     [--runs 5] [--rate 4] [--desktop] [--wall] [--hold REGEXP | --no-hold] [--profile] [--save DIR]
 *
 * Times are the main thread's own CPU time (CDP's threadTicks: Chromium's throttling slows it down, other busy
 * processes on the machine hardly do); --wall measures wall-clock time instead. --hold changes which requests wait for
 * the load phase to end (default: the booking-calendar chunk); --no-hold lets the calendar load with the page.
 * --profile also prints, per phase, the sampled script time by file and by function (V8's CPU profiler, which slows
 * scripts down: compare those figures with each other); --save DIR writes each phase's profile for DevTools.
 * Not part of `npm run bench`: a tool to measure the room page while working on it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';

interface Options {
  url: string;
  runs: number;
  rate: number;
  desktop: boolean;
  profile: boolean;
  /** With --profile: a folder where each phase's CPU profile is written (`<run>-<phase>.cpuprofile`, for DevTools). */
  save?: string;
  /** Wall-clock durations instead of the main thread's own CPU time (which other processes on the machine do not inflate). */
  wall: boolean;
  /**
   * Requests held back until the load phase is over (the calendar's chunk by default), so that the calendar phase
   * tells what the calendar costs, from its code's arrival to its first paint; null: nothing held.
   */
  hold: RegExp | null;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { url: '', runs: 5, rate: 4, desktop: false, profile: false, wall: false, hold: /\/assets\/booking-calendar-[\w-]+\.js$/ };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 1);
    else if (arg === '--rate') options.rate = Math.max(1, Number(argv[++i]) || 1);
    else if (arg === '--desktop') options.desktop = true;
    else if (arg === '--wall') options.wall = true;
    else if (arg === '--save') options.save = argv[++i];
    else if (arg === '--profile') options.profile = true;
    else if (arg === '--hold') options.hold = new RegExp(argv[++i] ?? '^$');
    else if (arg === '--no-hold') options.hold = null;
    else options.url = arg;
  }
  if (!/^https?:\/\/[^/]+\/room\/[^/?#]+/.test(options.url)) {
    console.error('usage: node --import tsx bench/src/room-page-profile.ts http://HOST:PORT/room/ID [--runs 5] [--rate 4] [--desktop] [--wall] [--hold REGEXP | --no-hold] [--profile] [--save DIR]');
    process.exit(2);
  }
  return options;
}

const PHASES = ['load', 'calendar', 'hover', 'dates'] as const;
type Phase = (typeof PHASES)[number];

interface PhaseCost {
  scriptMs: number;
  taskMs: number;
  longTasks: number;
  blockingMs: number;
  /** Sampled self time by script file, and by function (with --profile). */
  byFile?: Map<string, number>;
  byFunction?: Map<string, number>;
}

interface Metrics {
  script: number;
  task: number;
}

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => list.find((metric) => metric.name === name)?.value ?? 0;
  return { script: value('ScriptDuration') * 1000, task: value('TaskDuration') * 1000 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `ready` (a script) holds and the main thread has been (nearly) idle for a while: under 10 ms of task
 * time in 400 ms, twice.
 */
async function settle(cdp: CDPSession, ready: string | null = null, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  let quiet = 0;
  let last = (await metrics(cdp)).task;
  while (Date.now() < end && quiet < 2) {
    await sleep(400);
    const now = (await metrics(cdp)).task;
    quiet = now - last < 10 && (ready === null || (await evaluate(cdp, ready)) === true) ? quiet + 1 : 0;
    last = now;
  }
  if (quiet < 2) throw new Error(`the page did not settle${ready ? ` (waiting for ${ready})` : ''}`);
}

// Scripts run in the page, as text: this package is type-checked without the DOM's types.

/** Long tasks the page has seen since the last call (a PerformanceObserver installed before any script). */
async function takeLongTasks(cdp: CDPSession): Promise<number[]> {
  return ((await evaluate(cdp, '(() => { const tasks = window.__longTasks ?? []; window.__longTasks = []; return tasks; })()')) as number[]) ?? [];
}

const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });`;

/** Each day button of the calendar: its date, its centre, whether it is enabled and wholly on screen. */
const DAY_POSITIONS = `[...document.querySelectorAll(${JSON.stringify('[data-day]:not([data-outside]) button')})].map((button) => {
  const rect = button.getBoundingClientRect();
  return {
    day: button.closest('[data-day]')?.getAttribute('data-day') ?? '',
    x: rect.x + rect.width / 2,
    y: rect.y + rect.height / 2,
    enabled: !button.disabled,
    visible: rect.top > 0 && rect.bottom < window.innerHeight,
  };
})`;

interface DayPosition {
  day: string;
  x: number;
  y: number;
  enabled: boolean;
  visible: boolean;
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

const NOT_SCRIPT = new Set(['(idle)', '(program)', '(garbage collector)']);

/** Sampled self time of a V8 CPU profile, in ms, by script file and by function (idle and the browser's own time left out). */
function sampledTime(profile: CpuProfile): { byFile: Map<string, number>; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = nodes.get(samples[i]!);
    if (!frame || NOT_SCRIPT.has(frame.functionName)) continue;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const file = frame.url ? frame.url.replace(/^https?:\/\/[^/]+\//, '').replace(/-[\w-]{8}\.js$/, '.js') : '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  return { byFile, byFunction };
}

const DAY_BUTTONS = '[data-day]:not([data-outside]) button';

/** A script that is true once React has mounted or hydrated the first element matching `selector`. */
const HYDRATED = (selector: string) =>
  `(() => { const element = document.querySelector(${JSON.stringify(selector)}); return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber')); })()`;

async function evaluate(cdp: CDPSession, expression: string): Promise<unknown> {
  const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
  return result.value;
}

/** Runs `act`, waits until the page is quiet (and `ready` holds), and answers what the main thread did meanwhile. */
async function measurePhase(
  cdp: CDPSession,
  profile: boolean | string,
  ready: string | null,
  act: () => Promise<void>,
): Promise<PhaseCost> {
  await takeLongTasks(cdp);
  if (profile) await cdp.send('Profiler.start');
  const before = await metrics(cdp);
  await act();
  await settle(cdp, ready);
  const after = await metrics(cdp);
  const tasks = await takeLongTasks(cdp);
  const cost: PhaseCost = {
    scriptMs: after.script - before.script,
    taskMs: after.task - before.task,
    longTasks: tasks.length,
    blockingMs: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
  };
  if (profile) {
    const sampled = (await cdp.send('Profiler.stop')).profile as CpuProfile;
    Object.assign(cost, sampledTime(sampled));
    if (typeof profile === 'string') await writeFile(`${profile}.cpuprofile`, JSON.stringify(sampled));
  }
  return cost;
}


async function runOnce(options: Options, run: number): Promise<Record<Phase, PhaseCost>> {
  const profileOf = (phase: Phase) => (options.save ? path.join(options.save, `${run + 1}-${phase}`) : options.profile);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({
      viewport: options.desktop ? { width: 1350, height: 940 } : { width: 412, height: 823 },
      deviceScaleFactor: options.desktop ? 1 : 1.75,
      timezoneId: 'Europe/Brussels',
      locale: 'fr-FR',
    });
    await context.addInitScript({ content: OBSERVE_LONG_TASKS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: options.wall ? 'timeTicks' : 'threadTicks' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.rate });
    if (options.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    const held: (() => void)[] = [];
    let holding = true;
    if (options.hold) {
      const hold = options.hold;
      await page.route(
        (url) => hold.test(url.href),
        (route) => (holding ? held.push(() => void route.continue()) : route.continue()),
      );
    }
    await page.goto('about:blank');

    // Inside a phase the page is driven through CDP alone (navigation, scrolling, mouse): Playwright's locators run
    // script in the page, which would be counted. Checks that need them come after the phase.
    const load = await measurePhase(cdp, profileOf('load'), HYDRATED('h1'), async () => {
      await page.goto(options.url, { waitUntil: 'load' });
    });
    await page.locator('h1').first().waitFor({ timeout: 30_000 });

    const calendar = await measurePhase(cdp, profileOf('calendar'), HYDRATED(DAY_BUTTONS), async () => {
      holding = false;
      for (const release of held.splice(0)) release();
      // The booking card's heading (the last h2: the overview's amenities come first) to the top of the screen.
      await evaluate(cdp, `(() => { const h = [...document.querySelectorAll('h2')].pop(); if (h) scrollTo(0, h.getBoundingClientRect().top + scrollY); })()`);
    });
    await page.locator(DAY_BUTTONS).first().waitFor({ timeout: 30_000 });

    // Where the days are, found before the phases that use them (not part of their cost).
    const days = (await evaluate(cdp, DAY_POSITIONS)) as DayPosition[];
    const shown = days.filter((day) => day.visible);
    const hover = await measurePhase(cdp, profileOf('hover'), null, async () => {
      for (const day of shown) await page.mouse.move(day.x, day.y, { steps: 2 });
      await page.mouse.move(1, 1);
    });

    // An arrival and the departure a week later, both on screen and enabled (the room's stay rules allowing).
    const byDay = new Map(shown.map((day) => [day.day, day]));
    const plusWeek = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const arrival = shown.find((day, index) => index >= 2 && day.enabled && byDay.has(plusWeek(day.day)));
    const departure = arrival && byDay.get(plusWeek(arrival.day));
    if (!arrival || !departure) throw new Error('no arrival with a departure a week later on screen');
    const dates = await measurePhase(cdp, profileOf('dates'), `!!document.querySelector('[data-testid="stay-total"]')`, async () => {
      await page.mouse.click(arrival.x, arrival.y);
      await settle(cdp, `!!document.querySelector('[data-day="${arrival.day}"][data-selected]')`);
      await page.mouse.click(departure.x, departure.y);
    });
    await page.getByTestId('stay-total').waitFor({ timeout: 30_000 });

    return { load, calendar, hover, dates };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const pad = (text: string | number, width: number) => String(text).padStart(width);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const runs: Record<Phase, PhaseCost>[] = [];
  if (options.save) {
    options.profile = true;
    await mkdir(options.save, { recursive: true });
  }
  for (let run = 0; run < options.runs; run++) runs.push(await runOnce(options, run));

  console.log(
    `room page at ×${options.rate} CPU, ${options.desktop ? 'desktop 1350×940' : 'phone 412×823'}, median of ${runs.length} run(s): ${options.url}`,
  );
  console.log(`${'phase'.padEnd(10)}${pad('script ms', 11)}${pad('task ms', 10)}${pad('long tasks', 12)}${pad('blocking ms', 13)}`);
  const totals = { script: 0, task: 0, blocking: 0 };
  for (const phase of PHASES) {
    const costs = runs.map((run) => run[phase]);
    const script = median(costs.map((cost) => cost.scriptMs));
    const task = median(costs.map((cost) => cost.taskMs));
    const blocking = median(costs.map((cost) => cost.blockingMs));
    totals.script += script;
    totals.task += task;
    totals.blocking += blocking;
    console.log(
      `${phase.padEnd(10)}${pad(script.toFixed(0), 11)}${pad(task.toFixed(0), 10)}${pad(median(costs.map((cost) => cost.longTasks)), 12)}${pad(blocking.toFixed(0), 13)}`,
    );
  }
  console.log(`${'total'.padEnd(10)}${pad(totals.script.toFixed(0), 11)}${pad(totals.task.toFixed(0), 10)}${pad('', 12)}${pad(totals.blocking.toFixed(0), 13)}`);

  if (options.profile) {
    console.log('\n(sampled with the profiler on, which slows scripts down: compare these with each other, not with the table)');
    for (const phase of PHASES) {
      for (const key of ['byFile', 'byFunction'] as const) {
        const totals = new Map<string, number[]>();
        for (const run of runs) for (const [name, ms] of run[phase][key] ?? []) totals.set(name, [...(totals.get(name) ?? []), ms]);
        const rows = [...totals].map(([name, values]) => [name, median([...values, ...Array(runs.length - values.length).fill(0)])] as const);
        rows.sort((a, b) => b[1] - a[1]);
        console.log(`\n${phase}: sampled script time by ${key === 'byFile' ? 'file' : 'function'} (ms)`);
        for (const [name, ms] of rows.slice(0, key === 'byFile' ? 8 : 15)) if (ms >= 1) console.log(`  ${pad(ms.toFixed(0), 6)}  ${name}`);
      }
    }
  }
}

await main();
