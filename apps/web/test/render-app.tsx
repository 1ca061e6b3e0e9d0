import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { TOKEN_KEY } from '@/lib/api-client';

/** Renders the whole app (routes, guards, session, toasts) at `entry`, as a visitor would open it. */
export function renderApp(entry: InitialEntry, options: { token?: string } = {}) {
  if (options.token) localStorage.setItem(TOKEN_KEY, options.token);
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
