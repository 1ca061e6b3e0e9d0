import {
  createContext,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import type { History } from 'history';
import { Router, type Location, type NavigateOptions, type NavigationType, type To } from 'react-router';

/** A browser history in the app, a memory history in tests: the `history` package, whose API react-router's own grew from. */
export type AppHistory = History;

interface RouterState {
  action: NavigationType;
  location: Location;
  /** The navigation asked to keep the scroll position (e.g. dates written into the address). */
  preventScrollReset: boolean;
}

const NavigationPendingContext = createContext(false);

/** True while the next page (its code, its translations) loads: the current page stays on screen meanwhile. */
export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}

const SCROLL_POSITIONS_KEY = 'scroll-positions';

function readScrollPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    if (stored && typeof stored === 'object') {
      return new Map(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    }
  } catch {
    // Storage unavailable or garbled: start afresh.
  }
  return new Map();
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
    return target !== null;
  } catch {
    return false;
  }
}

/**
 * What react-router's <ScrollRestoration> did in data mode: a new page starts at the top, back and forward
 * return to where the visitor was on that entry (kept per entry key, across reloads in sessionStorage).
 */
function useScrollRestoration(state: RouterState) {
  const [positions] = useState(readScrollPositions);
  const shown = useRef(state.location);
  // The position as of the last scroll: reading window.scrollY at a navigation would force a layout of the changes
  // the click just made (e.g. each date picked on the room page).
  const scrollY = useRef(0);
  const remember = useCallback(() => void positions.set(shown.current.key, scrollY.current), [positions]);

  useLayoutEffect(() => {
    scrollY.current = window.scrollY;
    const onScroll = () => void (scrollY.current = window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const { history } = window;
    if (!('scrollRestoration' in history)) return;
    history.scrollRestoration = 'manual';
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Storage full or unavailable: positions last until the page unloads.
      }
    };
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('pagehide', persist);
      history.scrollRestoration = 'auto';
    };
  }, [positions, remember]);

  useLayoutEffect(() => {
    shown.current = state.location;
    const saved = state.action === 'POP' ? positions.get(state.location.key) : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!scrollToHash(state.location.hash) && !state.preventScrollReset) window.scrollTo(0, 0);
  }, [positions, state]);

  return remember;
}

/**
 * react-router in declarative mode on a history we listen to ourselves: each navigation renders as a
 * transition (the current page stays until the next one is ready), whose pending state feeds the progress bar,
 * and the scroll position is restored as <ScrollRestoration> did.
 */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    action: history.action,
    location: history.location,
    preventScrollReset: false,
  }));
  const [pending, startTransition] = useTransition();
  const rememberScroll = useScrollRestoration(state);
  const nextPreventScrollReset = useRef(false);

  // react-router passes a navigation's options to the navigator; the history itself ignores them.
  const navigator = useMemo(
    () => ({
      createHref: (to: To) => history.createHref(to),
      go: (delta: number) => history.go(delta),
      push(to: To, routeState?: unknown, options?: NavigateOptions) {
        nextPreventScrollReset.current = options?.preventScrollReset === true;
        history.push(to, routeState);
      },
      replace(to: To, routeState?: unknown, options?: NavigateOptions) {
        nextPreventScrollReset.current = options?.preventScrollReset === true;
        history.replace(to, routeState);
      },
    }),
    [history],
  );

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const preventScrollReset = nextPreventScrollReset.current;
        nextPreventScrollReset.current = false;
        rememberScroll();
        startTransition(() => setState({ action, location, preventScrollReset }));
      }),
    [history, rememberScroll],
  );

  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </NavigationPendingContext>
  );
}
