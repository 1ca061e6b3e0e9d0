import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BookingSummary } from '@roomweek/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { bearer, createTestDatabase, registerUser, type TestDatabase } from '../helper.ts';

const ADMIN_PASSWORD = 'admin-password-123';
import { expectError } from '../support.ts';

/** Issue 24: production without PUBLIC_URL gives http://localhost links; every start says so, and so does the dashboard. */
describe('PUBLIC_URL unset in production', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let dataDir = '';
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A start with these settings over one shared database: its log lines and its app. */
  async function start(overrides: Record<string, string>) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-public-url-'));
    database ??= await createTestDatabase();
    const lines: string[] = [];
    const env = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false', SCRYPT_LOG_N: '12', JOBS: 'false', ADMIN_PASSWORD, ...overrides };
    app = await buildApp({ config: loadConfig(env), database: database.handle, logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
    return { app, warned: () => lines.some((line) => (JSON.parse(line) as { warning?: string }).warning === 'public_url_unset') };
  }
  const loginAdmin = async (server: FastifyInstance) =>
    (await server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password: ADMIN_PASSWORD } })).json<{ token: string }>().token;
  const summary = async (server: FastifyInstance, token: string) => server.inject({ url: '/api/admin/bookings/summary', headers: bearer(token) });

  it('logs a warning at every start and lists public_url_unset in the dashboard summary; set, neither', { timeout: 120_000 }, async () => {
    for (let run = 0; run < 2; run++) {
      const started = await start({ NODE_ENV: 'production' });
      expect(started.warned()).toBe(true);
      const admin = await loginAdmin(started.app);
      const answer = await summary(started.app, admin);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<BookingSummary>().warnings).toEqual(['public_url_unset']);
      await started.app.close();
      app = undefined;
    }
    const configured = await start({ NODE_ENV: 'production', PUBLIC_URL: 'https://rooms.example.com' });
    expect(configured.warned()).toBe(false);
    expect((await summary(configured.app, await loginAdmin(configured.app))).json<BookingSummary>().warnings).toEqual([]);
  });

  it('the summary stays the admin’s: 401 anonymous, 403 for a client, whatever the warnings', async () => {
    const started = await start({ NODE_ENV: 'production' });
    expectError(await started.app.inject({ url: '/api/admin/bookings/summary' }), 401, 'unauthorized');
    const client = await registerUser(started.app);
    expectError(await summary(started.app, client.token), 403, 'forbidden');
    expectError(await started.app.inject({ url: '/api/admin/bookings/summary?warnings=x'.padEnd(5000, 'x'), headers: bearer('garbage') }), 401, 'invalid_token');
    await database?.drop();
    database = undefined;
  });
});
