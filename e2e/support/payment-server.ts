import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeStripe } from '../../apps/server/test/fakes/fake-stripe';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

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

export interface PaymentSite {
  baseURL: string;
  stripe: FakeStripe;
  api: <T>(pathname: string, init?: RequestInit & { token?: string }) => Promise<T>;
  stop: () => Promise<void>;
}

/**
 * A site of its own for payment journeys: the built app started as `npm start` would (fresh data dir, demo data),
 * with Stripe pointed at a local fake (STRIPE_SECRET_KEY + STRIPE_API_URL) whose hosted checkout page pays the
 * session and returns to the site's success URL, as Stripe Checkout does. The global setup has built the web app.
 */
export async function startPaymentSite(): Promise<PaymentSite> {
  const stripe = await FakeStripe.start();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roomweek-e2e-pay-'));
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
      NODE_ENV: 'development',
      SCRYPT_LOG_N: '14',
      AUTH_RATE_LIMIT: '1000',
      ...stripe.env(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
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
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The payment site did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const api = async <T>(pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (init.body) headers.set('Content-Type', 'application/json');
    const response = await fetch(`${baseURL}/api${pathname}`, { ...init, headers });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { baseURL, stripe, api, stop };
}
