import type { Location } from 'react-router';

/** The location state a guard leaves when it sends a visitor to /login: where to go back afterwards. */
export interface ReturnToState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after logging in: the page that asked for it (same site only), else the home page. */
export function returnPath(state: unknown): string {
  const from = (state as ReturnToState | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return '/';
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}
