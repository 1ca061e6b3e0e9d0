import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

/** Listens, and closes gracefully: in-flight requests finish, new ones get 503, the database closes last. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  const SHUTDOWN_GRACE_MS = 10_000;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`site ready at ${config.PUBLIC_URL} (API docs at ${config.PUBLIC_URL}/api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
