import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { createMemoryHistory } from 'history';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';
import { AppRouter, useNavigationPending } from './router';

/** The visitor scrolls: the position changes, then the browser fires `scroll` (the router reads it then only). */
function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

function Pending() {
  return useNavigationPending() ? <p>Chargement de la page…</p> : null;
}

function Broken(): never {
  throw new Error('chunk failed to load');
}

function DatesPage() {
  const [, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ start: '2030-01-07' }, { replace: true, preventScrollReset: true })}>
      Choisir
    </button>
  );
}

function renderRouter(entry: string, pages: React.ReactNode) {
  const history = createMemoryHistory({ initialEntries: [entry] });
  const user = userEvent.setup();
  render(
    <AppRouter history={history}>
      <Pending />
      <RouteErrorBoundary>
        <Suspense fallback={<p>Premier chargement</p>}>
          <Routes>{pages}</Routes>
        </Suspense>
      </RouteErrorBoundary>
    </AppRouter>,
  );
  return { history, user };
}

describe('app router', () => {
  it('starts a new page at the top, and goes back to where the visitor was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { history, user } = renderRouter(
      '/',
      <>
        <Route index element={<Link to="/room/1">Chambre 1</Link>} />
        <Route path="room/:id" element={<DatesPage />} />
      </>,
    );
    scrolledTo(640);
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Chambre 1' }));
    expect(await screen.findByRole('button', { name: 'Choisir' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);

    // Dates written into the address keep the position.
    scrolledTo(200);
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Choisir' }));
    expect(history.location.search).toBe('?start=2030-01-07');
    expect(scrollTo).not.toHaveBeenCalled();

    scrolledTo(0);
    await act(() => history.go(-1));
    expect(await screen.findByRole('link', { name: 'Chambre 1' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 640);
  });

  it('keeps the current page on screen, marked as pending, while the next page loads', async () => {
    let loaded: (page: { default: () => React.ReactNode }) => void = () => {};
    const NextPage = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (loaded = resolve)));
    const { user } = renderRouter(
      '/',
      <>
        <Route index element={<Link to="/contact">Contact</Link>} />
        <Route path="contact" element={<NextPage />} />
      </>,
    );
    expect(screen.queryByText('Chargement de la page…')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(screen.getByText('Chargement de la page…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.queryByText('Premier chargement')).toBeNull();

    await act(async () => loaded({ default: () => <h1>Nous contacter</h1> }));
    expect(await screen.findByRole('heading', { name: 'Nous contacter' })).toBeInTheDocument();
    expect(screen.queryByText('Chargement de la page…')).toBeNull();
  });

  it('shows the error screen for a page that fails, and clears it on the next navigation', async () => {
    // React reports the error it caught; that report is the expected outcome here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { history } = renderRouter(
      '/broken',
      <>
        <Route path="broken" element={<Broken />} />
        <Route path="contact" element={<h1>Nous contacter</h1>} />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Une erreur est survenue' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();

    await act(() => history.push('/contact'));
    expect(await screen.findByRole('heading', { name: 'Nous contacter' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Une erreur est survenue' })).toBeNull();
  });
});
