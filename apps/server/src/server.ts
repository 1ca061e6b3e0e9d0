import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { serveBackups } from './ops/backup-socket.ts';

/**
 * Listens, and stops gracefully on SIGTERM / SIGINT: new requests get 503 `shutting_down` (and /api/ready with them),
 * requests in flight finish — cut off after SHUTDOWN_GRACE_SECONDS —, the jobs stop, then the database closes.
 */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
  let stopBackups: (() => Promise<void>) | null = null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.shutdown.begin();
    app.log.info({ signal, graceSeconds: config.SHUTDOWN_GRACE_SECONDS }, 'shutting down: refusing new requests, finishing those in flight');
    const cut = setTimeout(() => {
      app.log.warn('requests still in flight after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, graceMs);
    cut.unref();
    // Closing the jobs and the database after the cut must not hang forever either.
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs + 15_000);
    deadline.unref();
    try {
      await stopBackups?.();
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('shut down: requests finished, jobs stopped, database closed');
    process.exitCode = 0;
    // Everything is closed, so the process ends by itself; this only covers a handle a library left open.
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const dump = app.dbHandle.dumpDataDir;
  if (dump && !config.DATABASE_URL) stopBackups = await serveBackups(config.DATA_DIR, dump, app.log);
  app.log.info(`site ready at ${config.PUBLIC_URL} (API docs at ${config.PUBLIC_URL}/api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
