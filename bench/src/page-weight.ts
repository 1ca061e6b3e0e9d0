import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrowserType } from 'playwright-core';

export interface AssetSize {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  brotli: number;
  /** Bytes the browser actually received for it from the product server (after its compression), when measured. */
  served?: number;
}

export interface Totals {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  served?: number;
}

export interface PageWeight {
  /** How the home page's files were found: by loading it in Chromium, or from index.html alone. */
  method: 'chromium' | 'index.html';
  homeJs: Totals;
  homeCss: Totals;
  home: AssetSize[];
  lazy: AssetSize[];
  /** Whether the build ships .br and .gz beside every asset of 1 KB or more (served as they are by @fastify/static). */
  precompressed: boolean;
}

async function measureFile(dist: string, file: string): Promise<AssetSize> {
  const content = await readFile(path.join(dist, file));
  return {
    file,
    kind: file.endsWith('.css') ? 'css' : 'js',
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The scripts, styles and module preloads index.html names (what the first paint needs before routing). */
export function fromIndexHtml(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const ref = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!ref || !/\.(js|css)$/.test(ref)) continue;
    if (tag.startsWith('<link') && !/rel="(stylesheet|modulepreload)"/.test(tag)) continue;
    files.add(ref.replace(/^\//, ''));
  }
  return [...files];
}

/** Loads the home page in headless Chromium and answers the JS and CSS it downloaded, with the bytes received. */
async function fromBrowser(siteUrl: string): Promise<Map<string, number> | undefined> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return undefined;
  let chromium: BrowserType;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return undefined;
  }
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // A visitor in the site's default language (French): the server renders a page in the browser's language
    // (docs/behaviour.md §16), and each other language adds its strings (about 5 KB gzip).
    const page = await browser.newPage({ locale: 'fr-FR' });
    const files = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (!/\.(js|css)$/.test(pathname) || request.url().indexOf(siteUrl) !== 0) return;
      pending.push(request.sizes().then((sizes) => void files.set(pathname.replace(/^\//, ''), sizes.responseBodySize)));
    });
    await page.goto(siteUrl, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return files;
  } finally {
    await browser.close();
  }
}

const sum = (assets: AssetSize[]): Totals => ({
  files: assets.length,
  raw: assets.reduce((total, asset) => total + asset.raw, 0),
  gzip: assets.reduce((total, asset) => total + asset.gzip, 0),
  brotli: assets.reduce((total, asset) => total + asset.brotli, 0),
  ...(assets.every((asset) => asset.served !== undefined) ? { served: assets.reduce((total, asset) => total + asset.served!, 0) } : {}),
});

/**
 * The weight of the built web app: what the home page downloads (JS and CSS, gzip and brotli at their highest
 * levels), and every other chunk, which only a later screen loads.
 */
export async function measurePageWeight(dist: string, siteUrl?: string): Promise<PageWeight> {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const assets = (await readdir(path.join(dist, 'assets'))).filter((name) => /\.(js|css)$/.test(name)).map((name) => `assets/${name}`);
  const sizes = await Promise.all(assets.map((file) => measureFile(dist, file)));
  const served = siteUrl ? await fromBrowser(siteUrl) : undefined;
  const homeFiles = new Set(served ? [...served.keys(), ...fromIndexHtml(html)] : fromIndexHtml(html));
  const home: AssetSize[] = [];
  const lazy: AssetSize[] = [];
  for (const size of sizes) {
    if (homeFiles.has(size.file)) home.push(served?.has(size.file) ? { ...size, served: served.get(size.file)! } : size);
    else lazy.push(size);
  }
  lazy.sort((a, b) => b.gzip - a.gzip);
  home.sort((a, b) => b.gzip - a.gzip);
  // Files under 1 KB go out as they are (the server's compression threshold), so they have no .br/.gz.
  const precompressed = sizes
    .filter((asset) => asset.raw >= 1024)
    .every((asset) => existsSync(path.join(dist, `${asset.file}.br`)) && existsSync(path.join(dist, `${asset.file}.gz`)));
  return {
    method: served ? 'chromium' : 'index.html',
    homeJs: sum(home.filter((asset) => asset.kind === 'js')),
    homeCss: sum(home.filter((asset) => asset.kind === 'css')),
    home,
    lazy,
    precompressed,
  };
}
