import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { IcalExport } from '@roomweek/contract';
import { buildApp } from '../../src/app.ts';
import { bearer, createProperty, createRoom, createTestDatabase, loginAdmin, testConfig, type TestDatabase } from '../helper.ts';

/** Issue 24: the export feed's URL is its key, so request logs show its path without the token. */
describe('the exported feed in request logs', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir = '';
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-logs-'));
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }, dataDir), database: database.handle, logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('masks the token of a fetched feed, a wrong token and a query-string variant; the lines are still there', async () => {
    const admin = await loginAdmin(app);
    const room = await createRoom(app, admin, (await createProperty(app, admin)).id);
    const made = await app.inject({ method: 'POST', url: `/api/admin/rooms/${room.id}/ical-token`, headers: bearer(admin) });
    expect(made.statusCode, made.body).toBe(200);
    const feedPath = new URL(made.json<IcalExport>().ical_export_url).pathname;
    const token = feedPath.split('/').pop()!.replace(/\.ics$/, '');
    expect(token.length).toBeGreaterThan(10);
    lines.length = 0;

    expect((await app.inject({ url: feedPath })).statusCode).toBe(200);
    expect((await app.inject({ url: `${feedPath}?from=airbnb` })).statusCode).toBe(200);
    const wrong = 'Wr0ngTokenThatIsLongEnough1234567890';
    expect((await app.inject({ url: `/api/ical/${wrong}.ics` })).statusCode).toBe(404);

    const logged = lines.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(wrong);
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(['/api/ical/[redacted]', '/api/ical/[redacted]', '/api/ical/[redacted]']);
  });
});
