import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** JOB_INTERVAL_MS (a test aid): every job runs this often instead of its own `everyMs`; null in production. */
    jobIntervalOverrideMs: number | null;
  }
}

export interface IntervalJob {
  /** Runs the job once now (tests call this instead of waiting); concurrent calls share one run. */
  runOnce: () => Promise<void>;
}

/**
 * A background job that runs every `everyMs` while the app is up and stops when it closes. Each run must be safe
 * with several instances running it at once (row locks / SKIP LOCKED): the database is the coordinator.
 * `enabled: false` (tests) leaves it to `runOnce`.
 */
export function intervalJob(
  app: FastifyInstance,
  options: { name: string; everyMs: number; enabled: boolean; run: () => Promise<void> },
): IntervalJob {
  let current: Promise<void> | null = null;
  const runOnce = () => {
    current ??= options.run().finally(() => {
      current = null;
    });
    return current;
  };
  if (options.enabled) {
    let timer: NodeJS.Timeout | undefined;
    // Once the app closes, a run that was under way must not schedule another (the database is about to close).
    let stopped = false;
    const everyMs = app.jobIntervalOverrideMs ?? options.everyMs;
    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(tick, everyMs);
      timer.unref();
    };
    const tick = () => {
      runOnce()
        .catch((error: unknown) => {
          // A database that is away is logged once for everyone (plugins/external/database-outage.ts), not per tick.
          if (!app.databaseOutage.report(error, `job ${options.name}`)) app.log.error({ err: error, job: options.name }, 'job failed');
        })
        .finally(schedule);
    };
    app.addHook('onReady', async () => schedule());
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    });
  }
  return { runOnce };
}
