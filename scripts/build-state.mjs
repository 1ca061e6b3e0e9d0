// What `npm start` checks before starting (docs/decisions/0027-compiled-production-start.md): which parts of the
// build are missing or older than their sources. Plain JavaScript: it runs before anything is compiled.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders never looked into for sources: installed packages and build outputs. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-server']);

/** The file the web build writes beside its output, naming the NODE_ENV it was built in. */
export const WEB_MODE_MARK = 'apps/web/dist/.build-mode';

/**
 * Each part of the build: the files it is built from (folders are walked) and the files it writes. Both parts
 * read packages/contract and packages/i18n, and the lock file (an upgraded dependency may change a bundle).
 */
export const PARTS = {
  web: {
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-precompress.ts', 'packages/contract/src', 'packages/i18n/locales', 'package-lock.json'],
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js'],
  },
  server: {
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contract/src', 'packages/i18n/locales', 'package-lock.json'],
    outputs: ['apps/server/dist/server.js', 'apps/server/dist/backup.js', 'apps/server/dist/restore.js'],
  },
};

/** The newest modification time (ms) of a file, or of any file under a folder; 0 when it does not exist. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Whether `part` must be built: an output is missing, or older than a source. */
export function isStale(root, part) {
  const { sources, outputs } = PARTS[part];
  const built = outputs.map((file) => path.join(root, file));
  if (!built.every((file) => existsSync(file))) return true;
  const oldestOutput = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return sources.some((source) => newestMtime(path.join(root, source)) > oldestOutput);
}

/** The NODE_ENV the web app was last built in (`production` unless NODE_ENV said otherwise), or null. */
export function webBuildMode(root) {
  const file = path.join(root, WEB_MODE_MARK);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** The parts to build before running `wanted`, the web app in `webMode` (e2e builds React's development build). */
export function partsToBuild(root, wanted = ['web', 'server'], webMode = 'production') {
  return wanted.filter((part) => isStale(root, part) || (part === 'web' && webBuildMode(root) !== webMode));
}
