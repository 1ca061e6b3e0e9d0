import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionNodeFlags } from '../../scripts/node-flags.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

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

export interface Site {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * The built app started as `npm start` runs it (apps/server/dist/server.js): its own port and fresh data dir (so demo data and the seeded admin),
 * `development` so the on-screen reset link works, a cheaper scrypt so sign-ups stay fast. Resolves once
 * /api/health answers; `stop` ends the server gracefully and removes the data dir.
 */
export async function startSite(options: { env?: Record<string, string>; logFile?: string } = {}): Promise<Site> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roomweek-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  // The compiled server, as `npm start` and the image run it: plain node, no TypeScript at run time, its heap limits.
  const server = spawn(process.execPath, [...productionNodeFlags(), 'apps/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SCRYPT_LOG_N: '14',
      AUTH_RATE_LIMIT: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log: WriteStream | undefined = options.logFile ? createWriteStream(options.logFile) : undefined;
  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    log?.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/health:\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
