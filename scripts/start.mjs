// `npm start` (and `npm run backup` / `restore`): builds what is missing or older than its sources, then runs the
// compiled server (or tool) in this very process, with plain node: no TypeScript compiler at run time.
// `node scripts/start.mjs [server|backup|restore] [arguments…]`; the image runs apps/server/dist/*.js directly.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { partsToBuild } from './build-state.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What each entry needs built: the server serves the web app; the tools only need the server's code. */
const ENTRIES = { server: ['web', 'server'], backup: ['server'], restore: ['server'] };

const entry = Object.hasOwn(ENTRIES, process.argv[2] ?? '') ? process.argv.splice(2, 1)[0] : 'server';
const stale = partsToBuild(ROOT, ENTRIES[entry]);
if (stale.length) {
  console.error(`Building ${stale.join(' and ')} (missing or older than the sources)…`);
  // In child processes: the build's memory is given back before the server starts.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', `--only=${stale.join(',')}`], {
    cwd: ROOT,
    // The web app an owner serves is React's production build, whatever NODE_ENV the server runs in.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// A production start: React's server renderer, and the libraries that read it, run their production builds (the
// development ones are slower and keep more in memory). The server's own config defaults to production as well.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(`${ROOT}apps/server/dist/${entry}.js`).href);
