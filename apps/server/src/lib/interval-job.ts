import type { FastifyInstance } from 'fastify';

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
    const tick = () => {
      runOnce()
        .catch((error: unknown) => app.log.error({ err: error, job: options.name }, 'job failed'))
        .finally(() => {
          timer = setTimeout(tick, options.everyMs);
          timer.unref();
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, options.everyMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearTimeout(timer);
      await current?.catch(() => undefined);
    });
  }
  return { runOnce };
}
