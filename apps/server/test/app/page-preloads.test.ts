import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../helper.ts';

/** A server bundle standing in for the web app's: every page names the room page's module, as the real one does. */
const RENDERER = `
export async function renderPage() {
  return { status: 200, head: '<title>room</title>', body: '<h1>room</h1>', state: {} };
}
export const isClientRendered = () => false;
export const pageModules = () => ['src/room-page.tsx'];
`;

/** The build's manifest: the entry, and a page chunk importing two small chunks, one of which has a stylesheet. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, css: ['assets/index-1.css'], imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/room-page.tsx': { file: 'assets/room-page-1.js', src: 'src/room-page.tsx', isDynamicEntry: true, imports: ['index.html', '_form-1.js', '_tabs-1.js'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['index.html'] },
  '_tabs-1.js': { file: 'assets/tabs-1.js', css: ['assets/tabs-1.css'], imports: ['_form-1.js'] },
};

const TEMPLATE =
  '<!doctype html><html lang="fr"><head><title>app</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

/**
 * Issue 26: a page's head names its own chunk and every stylesheet its code needs, not the small chunks its code
 * imports — fetched in the head, they held the first paint back on a phone's few connections.
 */
describe("a server-rendered page's preloads", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-preloads-'));
    const webDist = path.join(dataDir, 'web', 'dist');
    await mkdir(path.join(webDist, '.vite'), { recursive: true });
    await mkdir(path.join(dataDir, 'web', 'dist-server'));
    await writeFile(path.join(webDist, 'index.html'), TEMPLATE);
    await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(dataDir, 'web', 'dist-server', 'entry-server.js'), RENDERER);
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({}, dataDir), database: database.handle, webDist });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names the page chunk and its imports’ stylesheet; not the imported chunks, nor what the template has', async () => {
    const page = await app.inject({ method: 'GET', url: '/room/1' });
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    const styles = [...head.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloads).toEqual(['/assets/room-page-1.js']);
    expect(styles).toEqual(['/assets/tabs-1.css']);
  });
});
