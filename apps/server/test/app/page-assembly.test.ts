import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { createProperty, createTestDatabase, loginAdmin, testConfig, type TestDatabase } from '../helper.ts';

/**
 * A server bundle standing in for the web app's: it reads the property of a /property/<id> page through the server's
 * own routes and puts its description and the page's URL into the head, the body and the boot data, as the real one does.
 */
const RENDERER = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export async function renderPage({ url, transport }) {
  const id = url.split('?')[0].split('/')[2];
  const property = id ? await (await transport('/api/properties/' + id)).json() : null;
  const description = property ? property.description : '';
  return {
    status: 200,
    head: '<meta name="description" content="' + escape(description) + '">',
    body: '<h1>' + escape(description) + '</h1><p>' + escape(url) + '</p>',
    state: { description, url },
  };
}
export const isClientRendered = () => false;
export const pageModules = () => [];
`;

const TEMPLATE = '<!doctype html><html lang="fr"><head><title>app</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>';
const BOOT = '<script id="boot-data" type="application/json">';

/** Issue 24: `$` patterns in a description or a path reach the page as written, never expanded by the splice. */
describe('assembling a server-rendered page', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-assembly-'));
    const webDist = path.join(dataDir, 'web', 'dist');
    await mkdir(webDist, { recursive: true });
    await mkdir(path.join(dataDir, 'web', 'dist-server'));
    await writeFile(path.join(webDist, 'index.html'), TEMPLATE);
    await writeFile(path.join(dataDir, 'web', 'dist-server', 'entry-server.js'), RENDERER);
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({}, dataDir), database: database.handle, webDist });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** GET over a socket, the path sent byte for byte as written (app.inject would percent-encode the quote). */
  const fetchRaw = (rawPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = app.server.address() as AddressInfo;
      get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      }).on('error', reject);
    });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps $`, $' and $& in a description and in a path as written: one boot script, whole, parsable", async () => {
    const description = "Before $` middle $' and $& then $$ and $1 — the end";
    const admin = await loginAdmin(app);
    const property = await createProperty(app, admin, { description });
    const url = `/property/${property.id}?from=$'&to=$\`&all=$&`;
    const page = await fetchRaw(url);
    expect(page.status).toBe(200);
    const html = page.body;
    const escaped = description.replace(/&/g, '&amp;');
    expect(html.split(BOOT)).toHaveLength(2);
    expect(html.startsWith('<!doctype html><html lang=')).toBe(true);
    expect(html.endsWith('</script></body></html>')).toBe(true);
    expect(html).toContain(`<h1>${escaped}</h1>`);
    expect(html).toContain(`<meta name="description" content="${escaped}"></head>`);
    const boot = html.slice(html.indexOf(BOOT) + BOOT.length, html.indexOf('</script>', html.indexOf(BOOT)));
    const state = (JSON.parse(boot) as { state: { description: string; url: string } }).state;
    expect(state.description).toBe(description);
    expect(state.url).toBe(url);
    expect(html).toContain(`<p>${url.replace(/&/g, '&amp;')}</p></div>${BOOT}`);
  });
});
