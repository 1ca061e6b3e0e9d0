import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { createProperty, createRoom, createTestDatabase, loginAdmin, testConfig, type TestDatabase } from '../helper.ts';

/**
 * A server bundle standing in for the web app's (dist-server/entry-server.js): it records each page it renders, after
 * one read through the server's own routes, as the real one does; `fail` makes every render throw.
 */
const FAKE_RENDERER = (fail: boolean) => `
globalThis.__renders = [];
export async function renderPage({ url, language, transport }) {
  const answer = await transport('/api/config');
  if (${fail}) throw new Error('render failed');
  globalThis.__renders.push(language + ' ' + url + ' ' + answer.status);
  return { status: 200, head: '', body: '<p>' + url + '</p>', state: {} };
}
export const isClientRendered = () => false;
export const pageModules = () => [];
`;

const renders = () => (globalThis as { __renders?: string[] }).__renders ?? [];

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('warming the server-rendered pages up', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let dataDir = '';
  afterEach(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(fail: boolean) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-warm-'));
    const webDist = path.join(dataDir, 'web', 'dist');
    await mkdir(webDist, { recursive: true });
    await mkdir(path.join(dataDir, 'web', 'dist-server'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="fr"><head><title>app</title></head><body><div id="root"></div></body></html>');
    // A file of its own per test: the module is imported once per URL.
    await writeFile(path.join(dataDir, 'web', 'dist-server', 'entry-server.js'), FAKE_RENDERER(fail));
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ DEFAULT_LANGUAGE: 'es' }, dataDir), database: database.handle, webDist });
    await app.ready();
    return app;
  }

  it('renders the home, contact, first property and first room pages once the server listens, not before', async () => {
    const server = await start(false);
    const admin = await loginAdmin(server);
    const property = await createProperty(server, admin);
    const room = await createRoom(server, admin, property.id);
    expect(renders()).toEqual([]);

    await server.listen({ port: 0, host: '127.0.0.1' });
    await until(() => renders().length === 4);
    expect(renders()).toEqual(['es / 200', 'es /contact 200', `es /property/${property.id} 200`, `es /room/${room.id} 200`]);
  });

  it('keeps serving when a render fails (the page falls back to the app shell)', async () => {
    const server = await start(true);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const page = await fetch(`http://127.0.0.1:${port}/contact`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    expect(renders()).toEqual([]);
  });
});
