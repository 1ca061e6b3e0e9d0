import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { partsToBuild } from '../../scripts/build-state.mjs';
import { ROOT, startSite } from './site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Builds what is missing or older than its sources (scripts/build-state.mjs, the check `npm start` makes), the web
 * app in this NODE_ENV: vitest's `test` gives React's development build, which reports hydration mismatches — useId's
 * among them — that a production build keeps silent. The build names its mode (apps/web/dist/.build-mode), so a
 * build left by `npm start` or the bench is built again here, and this one again by `npm start`.
 */
function buildIfNeeded() {
  const parts = partsToBuild(ROOT, ['web', 'server'], process.env.NODE_ENV || 'production');
  if (!parts.length) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs', `--only=${parts.join(',')}`], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The app did not build');
}

/** Builds the app, starts the compiled server as `npm start` does (fresh data dir, demo data), and stops it after. */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  // The server's log goes to e2e/test-results/server.log (git-ignored), for when a journey fails.
  const resultsDir = path.join(ROOT, 'e2e/test-results');
  mkdirSync(resultsDir, { recursive: true });
  const site = await startSite({ logFile: path.join(resultsDir, 'server.log') });
  project.provide('baseURL', site.baseURL);

  return site.stop;
}
