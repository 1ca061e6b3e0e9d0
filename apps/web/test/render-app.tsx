import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, type InitialEntry, type To } from 'history';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { AppRoutes } from '@/app/routes';
import { TOKEN_KEY } from '@/lib/api-client';

/** Renders the whole app (routes, guards, session, toasts) at `entry`, as a visitor would open it. */
export function renderApp(entry: InitialEntry, options: { token?: string } = {}) {
  if (options.token) localStorage.setItem(TOKEN_KEY, options.token);
  const history = createMemoryHistory({ initialEntries: [entry] });
  /** The address bar and the back button of this test's browser. */
  const router = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: async (to: To | number) => (typeof to === 'number' ? history.go(to) : history.push(to)),
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
