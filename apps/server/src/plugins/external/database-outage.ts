import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    databaseOutage: DatabaseOutage;
  }
}

export interface DatabaseOutage {
  /** True from the first failure that says the database is unreachable until a probe reaches it again. */
  readonly down: boolean;
  /**
   * Answers whether `error` says the database cannot be reached. The first such error of an outage is logged (once,
   * whoever meets it: a request, a job, readiness) and starts probing for the recovery, which is logged once too.
   */
  report: (error: unknown, where: string) => boolean;
}

const PROBE_EVERY_MS = 1_000;
/**
 * A failure this soon after the probe got through is a straggler (a connection begun while the database was still
 * starting, answered 57P03 after the probe's): answered 503 like the others, but not logged as a new outage. A real
 * new outage is met again by the next job run or request past this window.
 */
const STRAGGLER_MS = 3_000;

/**
 * One log line when the database goes away and one when it is back, instead of an error per request and per job
 * tick while it is gone (docs/decisions/0030-operations-hardening.md). `ping` is the recovery probe: the database's
 * `select 1`, `OperationsRepository.ping` (app.ts), the one /api/health asks.
 */
export default fp<{ ping: () => Promise<unknown>; probeEveryMs?: number }>(
  async (app, { ping, probeEveryMs = PROBE_EVERY_MS }) => {
    let since: number | null = null;
    let recoveredAt = 0;
    let probe: NodeJS.Timeout | undefined;
    let closing = false;

    const recovered = () => {
      clearInterval(probe);
      probe = undefined;
      app.log.info({ downSeconds: Math.round((Date.now() - since!) / 100) / 10 }, 'database available again');
      since = null;
      recoveredAt = Date.now();
    };
    const startProbing = () => {
      let probing = false;
      probe = setInterval(() => {
        if (probing || closing) return;
        probing = true;
        ping()
          .then(recovered, () => undefined)
          .finally(() => (probing = false));
      }, probeEveryMs);
      probe.unref();
    };

    const outage: DatabaseOutage = {
      get down() {
        return since !== null;
      },
      report: (error, where) => {
        if (!isDatabaseUnavailable(error)) return false;
        if (since === null && !closing && Date.now() - recoveredAt >= STRAGGLER_MS) {
          since = Date.now();
          const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
          app.log.error({ where, cause }, 'database unavailable: requests answer 503 database_unavailable until it is back');
          startProbing();
        }
        return true;
      },
    };
    app.decorate('databaseOutage', outage);
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(probe);
    });
  },
  { name: 'database-outage' },
);
