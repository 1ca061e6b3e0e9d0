import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '@roomweek/contract';
import type { FastifyInstance } from 'fastify';

/** What the web app's server bundle (apps/web/src/app/server/entry-server.tsx, built into dist-server/) exports. */
interface RenderModule {
  renderPage(options: { url: string; language: Language; transport: typeof fetch }): Promise<{
    status: number;
    head: string;
    body: string;
    state: unknown;
  }>;
  isClientRendered(pathname: string): boolean;
  pageModules(pathname: string, language: Language): string[];
}

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

export interface Page {
  status: number;
  html: string;
}

/** JSON inside a `<script>`: nothing in it can close the element or end the script's line early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * `text` with its first `marker` replaced by `insert`, spliced by index: `String.replace` with a string would expand
 * `$&`, `` $` `` and `$'` written in a description or a path, garbling the page (issue 24).
 */
function spliceAt(text: string, marker: string, insert: string): string {
  const at = text.indexOf(marker);
  return at < 0 ? text : `${text.slice(0, at)}${insert}${text.slice(at + marker.length)}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A fetch that hands the web app's API calls to this server's own routes, in-process (no socket, no second
 * instance): the server renders a page with the very answers the browser would get, through the same rules and
 * the public cache. Anonymous: the visitor's cookies and token never reach the render.
 */
function injectTransport(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      if (name !== 'authorization' && name !== 'cookie') headers[name] = value;
    });
    const method = (init?.method ?? 'GET').toUpperCase() as 'GET';
    const answer = await app.inject({ method, url, headers, ...(typeof init?.body === 'string' ? { payload: init.body } : {}) });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: responseHeaders });
  };
}

/**
 * The web app's pages (docs/behaviour.md §16): the public ones rendered on the server in the visitor's language with
 * their data, the signed-in and admin screens as the app's shell. Without a server bundle (a build without
 * `vite build --ssr`), every page is the shell, as before.
 */
export class WebPages {
  private readonly transport: typeof fetch;
  private readonly chunks = new Map<string, ManifestChunk>();

  private constructor(
    app: FastifyInstance,
    private readonly template: string,
    private readonly renderer: RenderModule | null,
    manifest: Record<string, ManifestChunk>,
  ) {
    this.transport = injectTransport(app);
    for (const [key, chunk] of Object.entries(manifest)) {
      this.chunks.set(key, chunk);
      if (chunk.src && !this.chunks.has(chunk.src)) this.chunks.set(chunk.src, chunk);
    }
  }

  static async load(app: FastifyInstance, webDist: string): Promise<WebPages> {
    const template = await readFile(path.join(webDist, 'index.html'), 'utf8');
    const manifestFile = path.join(webDist, '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile) ? (JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
    const bundle = path.join(webDist, '..', 'dist-server', 'entry-server.js');
    const renderer = existsSync(bundle) ? ((await import(pathToFileURL(bundle).href)) as RenderModule) : null;
    return new WebPages(app, template, renderer, manifest);
  }

  /**
   * Renders the public pages once each (the home page, the first room's property and the room, the contact page), so
   * that no visitor waits for a page's first render: it loads that page's code and, on the room page, the calendar's
   * and date-fns' modules (a second or more on a small machine). Run in the background once the server listens;
   * a failure is logged and changes nothing.
   */
  async warm(language: Language, log: FastifyInstance['log']): Promise<string[]> {
    if (!this.renderer) return [];
    const answer = await this.transport('/api/rooms');
    const rooms: unknown = answer.ok ? await answer.json() : [];
    const first = Array.isArray(rooms) ? (rooms[0] as { id?: unknown; property_id?: unknown } | undefined) : undefined;
    const urls = ['/', '/contact'];
    if (typeof first?.property_id === 'string') urls.push(`/property/${first.property_id}`);
    if (typeof first?.id === 'string') urls.push(`/room/${first.id}`);
    for (const url of urls) await this.page(url, language, log);
    return urls;
  }

  /** The page at `url` (path and query) in `language`. */
  async page(url: string, language: Language, log: FastifyInstance['log']): Promise<Page> {
    const pathname = url.split('?')[0] ?? '/';
    if (!this.renderer || this.renderer.isClientRendered(pathname)) return { status: 200, html: this.shell(language) };
    try {
      const rendered = await this.renderer.renderPage({ url, language, transport: this.transport });
      const preloads = this.preloads(this.renderer.pageModules(pathname, language));
      return { status: rendered.status, html: this.document(language, rendered.head + preloads, rendered.body, rendered.state) };
    } catch (error) {
      // The browser renders the page itself, as it did before server rendering.
      log.error({ err: error, url: pathname }, 'server rendering failed; answering the app shell');
      return { status: 200, html: this.shell(language) };
    }
  }

  private withLanguage(language: Language): string {
    return this.template.replace(/<html lang="[^"]*">/, () => `<html lang="${language}" data-language="${language}">`);
  }

  private shell(language: Language): string {
    return this.withLanguage(language);
  }

  private document(language: Language, head: string, body: string, state: unknown): string {
    let html = this.withLanguage(language);
    // The page's own title and description replace the template's.
    if (head.includes('<title>')) html = html.replace(/\s*<title>[^<]*<\/title>/, '');
    if (head.includes('<meta name="description"')) html = html.replace(/\s*<meta name="description"[^>]*>/, '');
    html = spliceAt(html, '</head>', `${head}</head>`);
    return spliceAt(html, '<div id="root"></div>', `<div id="root">${body}</div><script id="boot-data" type="application/json">${scriptJson({ state })}</script>`);
  }

  /**
   * The page's styles (a stylesheet for each one its code imports, however deep: the HTML is styled before its code
   * runs) and its own chunks (modulepreload). Only the chunks the page names, not what they import: those are fetched
   * when the app imports the page, after the first paint. Named in the head, the room page's 40-odd small chunks were fetched
   * before the first paint and held it back on a slow phone's few connections (docs/performance.md).
   */
  private preloads(modules: string[]): string {
    const files = new Set<string>();
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = this.chunks.get(key);
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      chunk.css?.forEach((file) => styles.add(file));
      chunk.imports?.forEach(visit);
    };
    for (const key of modules) {
      const file = this.chunks.get(key)?.file;
      if (file) files.add(file);
      visit(key);
    }
    const entry = this.chunks.get('index.html');
    if (entry) {
      // The entry and what it imports statically are in the template already.
      files.delete(entry.file);
      entry.imports?.forEach((key) => files.delete(this.chunks.get(key)?.file ?? ''));
      entry.css?.forEach((file) => styles.delete(file));
    }
    const links = [...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`);
    links.push(...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`));
    return links.join('');
  }
}
