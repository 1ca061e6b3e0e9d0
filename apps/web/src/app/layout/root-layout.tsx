import { Suspense, useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePublicConfig, useSiteYear } from '@/config/public-config';
import { useTranslation } from '@/lib/i18n';
import { RouteErrorBoundary } from '../route-error';
import { useNavigationPending } from '../router';
import { NavBar } from './nav-bar';

/** A thin bar at the top while the next page's code loads. */
function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-600" />;
}

/** After a client-side navigation, focus moves to the page so screen readers start reading it. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

export function RootLayout() {
  const { t } = useTranslation();
  const year = useSiteYear();
  // The business the owner named (admin → business), else the site's name (issue 29).
  const owner = usePublicConfig().config.business?.legal_name ?? t('app.name');
  const main = useFocusOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <NavBar />
      <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
        <RouteErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-stone-500 sm:px-6">
          <span>
            © {year} {owner} · {t('app.footer')}
          </span>
          <Link to={paths.privacy} className="hover:text-stone-800 hover:underline">
            {t('app.privacy')}
          </Link>
        </div>
      </footer>
    </div>
  );
}
