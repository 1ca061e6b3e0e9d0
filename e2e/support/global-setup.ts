import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB = path.join(ROOT, 'apps/web');
const DIST_INDEX = path.join(WEB, 'dist/index.html');

/** The newest modification time under a folder (sources of the web app and its translations). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Builds the web app unless apps/web/dist is newer than every source it comes from. */
function buildWebIfNeeded() {
  const sources = Math.max(
    newest(path.join(WEB, 'src')),
    newest(path.join(WEB, 'public')),
    newest(path.join(ROOT, 'packages/i18n/locales')),
    statSync(path.join(WEB, 'index.html')).mtimeMs,
  );
  if (existsSync(DIST_INDEX) && statSync(DIST_INDEX).mtimeMs > sources) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web app did not build');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within 2 minutes:\n${log()}`);
}

/** Builds the app, starts the server as `npm start` would (fresh data dir, demo data), and stops it after. */
export default async function setup(project: TestProject) {
  buildWebIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roomweek-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // development keeps the on-screen reset link; a cheaper scrypt keeps sign-ups fast.
      NODE_ENV: 'development',
      SCRYPT_LOG_N: '14',
      AUTH_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's log goes to e2e/test-results/server.log (git-ignored), for when a journey fails.
  const resultsDir = path.join(ROOT, 'e2e/test-results');
  mkdirSync(resultsDir, { recursive: true });
  const logFile = createWriteStream(path.join(resultsDir, 'server.log'));
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitForHealth(baseURL, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    logFile.end();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseURL', baseURL);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    logFile.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
