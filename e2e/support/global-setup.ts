import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startSite } from './site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const WEB = path.join(ROOT, 'apps/web');
const DIST_INDEX = path.join(WEB, 'dist/index.html');
/** The server's render bundle of the public pages (docs/behaviour.md §16). */
const DIST_SERVER = path.join(WEB, 'dist-server/entry-server.js');
/**
 * Written beside the build this setup made, naming its NODE_ENV (vitest's `test`: React's development build, which
 * reports hydration mismatches — useId's among them — that a production build keeps silent). A build left by
 * `npm start` or the bench has none, and is built again. Vite empties dist/ on each build.
 */
const BUILD_MARK = path.join(WEB, 'dist/.e2e-build');
const buildMode = () => `NODE_ENV=${process.env.NODE_ENV ?? ''}`;

/** The newest modification time under a folder (sources of the web app and its translations). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Builds the web app unless this setup built apps/web/dist, in this mode, after every source it comes from changed. */
function buildWebIfNeeded() {
  const sources = Math.max(
    newest(path.join(WEB, 'src')),
    newest(path.join(WEB, 'public')),
    newest(path.join(ROOT, 'packages/i18n/locales')),
    newest(path.join(ROOT, 'packages/contract/src')),
    statSync(path.join(WEB, 'index.html')).mtimeMs,
  );
  const built = [DIST_INDEX, DIST_SERVER];
  const fresh = built.every((file) => existsSync(file) && statSync(file).mtimeMs > sources);
  if (fresh && existsSync(BUILD_MARK) && readFileSync(BUILD_MARK, 'utf8') === buildMode()) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web app did not build');
  writeFileSync(BUILD_MARK, buildMode());
}

/** Builds the app, starts the server as `npm start` would (fresh data dir, demo data), and stops it after. */
export default async function setup(project: TestProject) {
  buildWebIfNeeded();
  // The server's log goes to e2e/test-results/server.log (git-ignored), for when a journey fails.
  const resultsDir = path.join(ROOT, 'e2e/test-results');
  mkdirSync(resultsDir, { recursive: true });
  const site = await startSite({ logFile: path.join(resultsDir, 'server.log') });
  project.provide('baseURL', site.baseURL);

  return site.stop;
}
