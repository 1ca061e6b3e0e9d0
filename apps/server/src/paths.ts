import { fileURLToPath } from 'node:url';

/**
 * apps/server/, found from this module: it sits one folder down both as a source (src/paths.ts, run by tsx) and
 * compiled (dist/*.js, flat: scripts/build.mjs), so the files read from disk by path are found either way.
 */
const SERVER_ROOT = new URL('../', import.meta.url);

/** The numbered SQL migrations (db/client.ts). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('migrations/', SERVER_ROOT));
/** The web app's build: dist/ (browser) beside dist-server/ (server rendering). */
export const WEB_DIST = fileURLToPath(new URL('../web/dist/', SERVER_ROOT));
