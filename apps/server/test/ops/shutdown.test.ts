import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK } from '../../src/db/data-dir-lock.ts';
import { createTestDatabase, usePostgres, type TestDatabase } from '../helper.ts';
import { startServerProcess, type ServerProcess } from '../processes.ts';

const LOGIN = JSON.stringify({ email: 'admin@example.com', password: 'admin-password-for-tests' });

/** A login whose headers and first bytes are sent now; `finish` sends the rest and answers the raw HTTP answer. */
async function loginInFlight(url: string) {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(LOGIN)}\r\nConnection: keep-alive\r\n\r\n`);
  socket.write(LOGIN.slice(0, 10));
  // Give the server the time to read the headers: from then on the request is in flight.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    closed,
    answer: () => answer,
    finish: async () => {
      socket.write(LOGIN.slice(10));
      await closed;
      return answer;
    },
  };
}

/** A new request after SIGTERM: refused at the door (the listener is closed) or answered 503 shutting_down. */
async function newRequestRefused(url: string): Promise<string> {
  try {
    const response = await fetch(`${url}/api/ready`);
    const body = (await response.json()) as { code?: string };
    return `${response.status} ${body.code}`;
  } catch {
    return 'connection refused';
  }
}

describe('SIGTERM: stop taking requests, finish those in flight (bounded), stop the jobs, close the database', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-shutdown-'));
    database = usePostgres ? await createTestDatabase() : undefined;
    env = { DATA_DIR: dataDir, JOBS: 'true', DATABASE_URL: database?.url ?? '' };
  });
  afterAll(async () => {
    server?.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a request in flight at SIGTERM is answered; new ones are refused; then the process ends cleanly', async () => {
    server = await startServerProcess({ ...env, SHUTDOWN_GRACE_SECONDS: '20' });
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    if (!usePostgres) expect(existsSync(path.join(dataDir, DATA_DIR_LOCK))).toBe(true);
    const login = await loginInFlight(server.url);

    const started = Date.now();
    process.kill(server.pid, 'SIGTERM');
    await server.waitForLog(/^shutting down/);
    expect(['connection refused', '503 shutting_down']).toContain(await newRequestRefused(server.url));

    const answer = await login.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"token"');

    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    const messages = server.log.map((line) => line.msg);
    expect(messages.indexOf('shut down: requests finished, jobs stopped, database closed')).toBeGreaterThan(
      messages.findIndex((msg) => msg?.startsWith('shutting down')),
    );
    // The embedded database was closed by the app, which released its data directory.
    if (!usePostgres) expect(existsSync(path.join(dataDir, DATA_DIR_LOCK))).toBe(false);
  });

  it('a request that never finishes is cut off after SHUTDOWN_GRACE_SECONDS, and the database still closes', async () => {
    server = await startServerProcess({ ...env, SHUTDOWN_GRACE_SECONDS: '1' });
    const stuck = await loginInFlight(server.url);
    const started = Date.now();
    process.kill(server.pid, 'SIGTERM');
    await server.waitForLog(/requests still in flight after the grace period/, 10_000);
    await stuck.closed;
    expect(stuck.answer()).toBe('');
    expect(await server.exited).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(10_000);
    expect(server.log.some((line) => line.msg === 'shut down: requests finished, jobs stopped, database closed')).toBe(true);
    if (!usePostgres) expect(existsSync(path.join(dataDir, DATA_DIR_LOCK))).toBe(false);
  });
});
