/**
 * The server's half of the public pages (docs/behaviour.md §16): the same components as the browser's, rendered to
 * HTML in the visitor's language with the reads they need, which travel with the page so the app hydrates without
 * asking the API again. Built by `vite build --ssr` into dist/server/ and called by the server's pages plugin.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { Language } from '@roomweek/contract';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { setApiTransport, ApiError } from '@/lib/api-client';
import { setServerLanguageSource } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '../providers';
import { AppRoutes } from '../routes';
import { isClientRendered, loadPageData, pageModules } from './page-data';

export { isClientRendered, pageModules };

const requestLanguage = new AsyncLocalStorage<Language>();
setServerLanguageSource(() => requestLanguage.getStore());

/** A page that takes longer than this to render is abandoned (the server answers the shell instead). */
const RENDER_TIMEOUT_MS = 10_000;

export interface RenderOptions {
  /** The path and query, as the browser asked for it. */
  url: string;
  language: Language;
  /** How the app's API client reaches the API on the server (the server's own routes, in-process). */
  transport: typeof fetch;
}

export interface RenderedPage {
  status: 200 | 404;
  /** `<title>`, `<meta>` and `<link>` tags the page rendered, for the document's head. */
  head: string;
  /** The app's markup, for `<div id="root">`. */
  body: string;
  /** The reads the page was rendered with (TanStack Query's dehydrated state), for the browser's cache. */
  state: DehydratedState;
}

/** React emits the hoistable tags (title, meta, link) first when it renders less than a whole document. */
const HOISTABLE = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/;

function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  let head = '';
  for (let match = HOISTABLE.exec(rest); match; match = HOISTABLE.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

function renderToHtml(app: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString('utf8');
        callback();
      },
      final(callback) {
        resolve(html);
        callback();
      },
    });
    const stream = renderToPipeableStream(app, {
      // Every boundary in place, however large: the page carries no inline script (the CSP allows none).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Every Suspense boundary (a page's code, its translations) settled: the HTML is whole, with no script.
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError(error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    const timer = setTimeout(() => {
      stream.abort(new Error('render timed out'));
      reject(new Error('render timed out'));
    }, RENDER_TIMEOUT_MS);
    sink.on('finish', () => clearTimeout(timer));
  });
}

function notFound(client: QueryClient, primary: readonly unknown[] | null): boolean {
  const error = primary ? client.getQueryState(primary)?.error : null;
  // Not found, or an id that cannot be one (400): either way there is no such page.
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export async function renderPage({ url, language, transport }: RenderOptions): Promise<RenderedPage> {
  setApiTransport(transport);
  return requestLanguage.run(language, async () => {
    const client = createQueryClient();
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const page = await loadPageData(client, pathname, language, searchParams);
    const html = await renderToHtml(
      <StrictMode>
        <AppProviders queryClient={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
    const { head, body } = splitHead(html);
    return {
      status: !page.known || notFound(client, page.primary) ? 404 : 200,
      head,
      body,
      // Failed reads travel too (a 404 renders "not found" on both sides); the browser revives their ApiError.
      state: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    };
  });
}
