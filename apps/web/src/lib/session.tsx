import type { AuthResponse, User } from '@roomweek/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { api, ApiError, getToken, TOKEN_KEY } from './api-client';
import { queryKeys } from './query-keys';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** Starts (or replaces, after a profile change) the session with the API's user and token. */
  signIn: (auth: AuthResponse) => void;
  /** Forgets the session in this browser only (its token already ended: expired, revoked elsewhere). */
  signOut: () => void;
  /** The user logs out: the server ends the token, then this browser forgets it, even if the server could not be reached. */
  logOut: () => Promise<void>;
  /** The session ended by the user's own logout (not an expiry): a signed-in page left behind goes home, not to /login. */
  loggedOut: boolean;
}

const SessionContext = createContext<Session | null>(null);

/** How long a logout waits for the server before forgetting the session anyway. */
const LOGOUT_TIMEOUT_MS = 5000;

const tokenListeners = new Set<() => void>();
/** Where the token lives when the browser's storage is unavailable (the session lasts as long as the page). */
let unstoredToken: string | null = null;

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    unstoredToken = null;
  } catch {
    unstoredToken = token;
  }
  tokenListeners.forEach((listener) => listener());
}

const subscribeToken = (listener: () => void) => {
  tokenListeners.add(listener);
  return () => void tokenListeners.delete(listener);
};
const readToken = () => getToken() ?? unstoredToken;
/** A server-rendered page (docs/behaviour.md §16) is rendered for nobody: it hydrates signed out, then reads the token. */
const serverToken = () => null;

/**
 * docs/behaviour.md §4 session: the token lives in localStorage; on load, a stored token is checked with /auth/me and
 * removed if that fails; logout ends the token on the server, then removes token and user.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, readToken, serverToken);
  const [loggedOut, setLoggedOut] = useState(false);
  const me = useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => api.auth.me(signal),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const failed = token !== null && me.isError;

  /** Ends the session: the token, the user and their bookings leave this browser. */
  const signOut = useCallback(() => {
    storeToken(null);
    queryClient.removeQueries({ queryKey: queryKeys.me });
    queryClient.removeQueries({ queryKey: queryKeys.bookings });
  }, [queryClient]);

  const logOut = useCallback(async () => {
    try {
      // Sent while the token is still stored: the client reads it from there.
      await api.auth.logout(AbortSignal.timeout(LOGOUT_TIMEOUT_MS));
    } catch {
      // Unreachable or already ended: the token leaves this browser all the same, and expires on its own.
    } finally {
      setLoggedOut(true);
      signOut();
    }
  }, [signOut]);

  useEffect(() => {
    if (failed) signOut();
  }, [failed, signOut]);

  // A token that expires or is revoked mid-visit (e.g. password changed elsewhere) ends the session: the
  // guards then send the user to /login, and back to where they were afterwards.
  useEffect(() => {
    if (token === null) return;
    const expired = (error: unknown) =>
      error instanceof ApiError && error.status === 401 && (error.code === 'invalid_token' || error.code === 'unauthorized');
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error)) signOut();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error)) signOut();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [token, queryClient, signOut]);

  const signIn = useCallback(
    (auth: AuthResponse) => {
      queryClient.setQueryData(queryKeys.me, auth.user);
      setLoggedOut(false);
      storeToken(auth.token);
    },
    [queryClient],
  );

  const session = useMemo<Session>(() => {
    const user = token !== null && !failed ? (me.data ?? null) : null;
    const status: SessionStatus = user ? 'authenticated' : token !== null && !failed ? 'loading' : 'anonymous';
    return { status, user, signIn, signOut, logOut, loggedOut };
  }, [token, failed, me.data, signIn, signOut, logOut, loggedOut]);

  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
