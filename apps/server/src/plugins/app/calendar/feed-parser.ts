import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FeedError, type FeedFailure } from './feed-fetcher.ts';
import type { FeedEvent } from './ical-feed.ts';

export interface ParseOptions {
  timeZone: string;
  from: string;
  to: string;
}
export interface ParseRequest {
  id: number;
  text: string;
  options: ParseOptions;
}
export type ParseReply = { id: number; events: FeedEvent[] } | { id: number; failure: FeedFailure; message: string };

/** ICAL_PARSE_BUDGET_MS by default: past it a feed's thread is ended and the feed fails `over_budget`. */
export const PARSE_BUDGET_MS = 5000;
/** A thread that has not loaded within this is given up (a start, not a feed, is slow: a loaded machine under tsx). */
const START_TIMEOUT_MS = 30_000;
/** A thread left idle this long is ended; the next feed starts one again. */
const IDLE_MS = 60_000;
/** Memory one feed's thread may use: a 5 MB feed parses well within it; a feed that needs more fails `over_budget`. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

/**
 * The worker's entry next to this module: `feed-parser-worker.js` in a compiled build (the bundler must emit it beside
 * the module that imports this one), else the TypeScript sources through tsx (tests, `npm run dev`).
 */
function workerEntry(): URL {
  const compiled = new URL('./feed-parser-worker.js', import.meta.url);
  if (compiled.protocol === 'file:' && existsSync(fileURLToPath(compiled))) return compiled;
  return new URL('./feed-parser-worker-tsx.mjs', import.meta.url);
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Parses imported feeds off the main thread (docs/decisions/0028-hostile-feeds-and-security-read.md): ical.js can loop
 * for ever on a rule that never matches, and a huge feed takes seconds of CPU, either of which would stall every request.
 * Each parse runs in a worker thread with bounded memory and ended past `budgetMs`; at most `concurrency` at once.
 */
export class FeedParser {
  private readonly budgetMs: number;
  private readonly concurrency: number;
  private readonly idle: Thread[] = [];
  private readonly live = new Set<Worker>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private nextId = 1;
  private closed = false;

  constructor(options: { budgetMs?: number; concurrency?: number } = {}) {
    this.budgetMs = options.budgetMs ?? PARSE_BUDGET_MS;
    this.concurrency = options.concurrency ?? 2;
  }

  /** The feed's events; FeedError as parseFeed throws them, or `over_budget` past the time or memory allowed. */
  async parse(text: string, options: ParseOptions): Promise<FeedEvent[]> {
    await this.acquire();
    try {
      const thread = this.idle.pop() ?? this.spawn();
      clearTimeout(thread.idleTimer);
      return await this.run(thread, { id: this.nextId++, text, options });
    } finally {
      this.release();
    }
  }

  /** Ends every thread (the app closes); parses under way fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all([...this.live].map((worker) => worker.terminate()));
    this.live.clear();
    this.idle.length = 0;
  }

  private async acquire(): Promise<void> {
    if (this.closed) throw new Error('The feed parser is closed');
    if (this.running < this.concurrency) {
      this.running++;
      return;
    }
    await new Promise<void>((wake) => this.waiting.push(wake));
    if (this.closed) throw new Error('The feed parser is closed');
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes to the next waiter as it is, so the count never goes over `concurrency`.
    if (next) next();
    else this.running--;
  }

  private spawn(): Thread {
    const worker = new Worker(workerEntry(), { execArgv: [], resourceLimits: RESOURCE_LIMITS });
    worker.unref();
    this.live.add(worker);
    worker.once('exit', () => this.live.delete(worker));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The feed parser thread did not start')), START_TIMEOUT_MS);
      const done = (error?: Error) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', done).off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      const onMessage = (message: unknown) => {
        if ((message as { ready?: unknown }).ready === true) done();
      };
      const onExit = (code: number) => done(new Error(`The feed parser thread stopped (exit code ${code})`));
      worker.on('message', onMessage).once('error', done).once('exit', onExit);
    });
    // A failed start is answered by run(); this keeps it from being an unhandled rejection meanwhile.
    ready.catch(() => undefined);
    return { worker, ready };
  }

  private async run(thread: Thread, request: ParseRequest): Promise<FeedEvent[]> {
    try {
      await thread.ready;
    } catch (error) {
      void this.discard(thread);
      throw error;
    }
    const { worker } = thread;
    return new Promise<FeedEvent[]>((resolve, reject) => {
      const finish = (outcome: () => void, keep: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (keep) this.park(thread);
        else void this.discard(thread);
        outcome();
      };
      const overBudget = (why: string) => new FeedError('over_budget', why);
      const timer = setTimeout(() => finish(() => reject(overBudget(`Reading the feed took more than ${this.budgetMs} ms`)), false), this.budgetMs);
      const onMessage = (reply: ParseReply) => {
        if (reply.id !== request.id) return;
        if ('events' in reply) finish(() => resolve(reply.events), true);
        else finish(() => reject(new FeedError(reply.failure, reply.message)), true);
      };
      const onError = (error: Error & { code?: string }) => {
        const failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? overBudget('Reading the feed needed more memory than allowed') : error;
        finish(() => reject(failure), false);
      };
      const onExit = (code: number) => finish(() => reject(new Error(`The feed parser thread stopped (exit code ${code})`)), false);
      worker.on('message', onMessage).once('error', onError).once('exit', onExit);
      worker.postMessage(request);
    });
  }

  private park(thread: Thread): void {
    if (this.closed) return void this.discard(thread);
    thread.idleTimer = setTimeout(() => {
      const at = this.idle.indexOf(thread);
      if (at >= 0) this.idle.splice(at, 1);
      void this.discard(thread);
    }, IDLE_MS);
    thread.idleTimer.unref();
    this.idle.push(thread);
  }

  private async discard(thread: Thread): Promise<void> {
    clearTimeout(thread.idleTimer);
    this.live.delete(thread.worker);
    await thread.worker.terminate().catch(() => undefined);
  }
}
