import '../index.css';
// The booking calendar's styles (2 KB gzip) ride in the site's one stylesheet: on the server-rendered room page a
// stylesheet of its own was a second render-blocking request before the first paint (docs/performance.md).
import 'react-day-picker/style.css';
import '@/components/stay-calendar/booking-calendar.css';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserHistory } from 'history';
import { afterPaintInSteps } from '@/lib/after-paint';
import { adoptStoredLanguage, currentLanguage, i18nReady, loadErrorTexts } from '@/lib/i18n';
import { warmUpIntl } from '@/lib/intl-locales';
import { createQueryClient } from '@/lib/query-client';
import type { QueryClient } from '@tanstack/react-query';
import { hasFailedReads, takeBootData } from './boot-data';
import { AppProviders } from './providers';
import { AppRouter, type AppHistory } from './router';
import { AppRoutes } from './routes';

/**
 * A language chosen before pages were server-rendered is adopted once the page is live: after hydration, which must
 * render in the language of the server's HTML (formatters read the current language during render).
 */
function AdoptStoredLanguage({ children }: { children: ReactNode }) {
  useEffect(() => adoptStoredLanguage(), []);
  // It wraps the app rather than sitting beside it: a sibling would change the ids useId gives (a fork in the tree),
  // and they must match the server's (app/server/entry-server.tsx renders the same tree without it).
  return children;
}

const app = (history: AppHistory, queryClient: QueryClient) => (
  <StrictMode>
    <AdoptStoredLanguage>
      <AppProviders queryClient={queryClient}>
        <AppRouter history={history}>
          <AppRoutes />
        </AppRouter>
      </AppProviders>
    </AdoptStoredLanguage>
  </StrictMode>
);

/**
 * Starts the app, once this module and its imports are evaluated (a microtask): their evaluation declares, and the
 * work of the start (the boot data's reads, the timers) is this function's, apart in a profile.
 */
function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  // The browser history AppRouter listens to for its transitions (the `history` package: a public, stable API).
  const history = createBrowserHistory();
  const queryClient = createQueryClient();
  const boot = takeBootData(queryClient);

  // The page's language (named by the server) is loaded before the first render, so no French flashes first; so are
  // the error texts when the server rendered a failed read.
  void Promise.all([i18nReady(), boot && hasFailedReads(boot) ? loadErrorTexts() : undefined]).finally(() => {
    if (boot) {
      // A public page the server rendered (docs/behaviour.md §16): React adopts its HTML. As a transition, the work is
      // cut into short slices, so the page answers a tap while it hydrates. It starts once the browser has painted the
      // server's HTML: started at once, with the code already there, the whole hydration ran before the first paint and
      // the page showed nothing until it ended (docs/performance.md, "The first paint before the page's code").
      // Intl's data for the language loads first, in a task of its own (lib/intl-locales.ts).
      afterPaintInSteps([
        () => warmUpIntl(currentLanguage()),
        () =>
          startTransition(() => {
            hydrateRoot(root, app(history, queryClient));
          }),
      ]);
    } else {
      createRoot(root).render(app(history, queryClient));
    }
  });
}

queueMicrotask(start);
