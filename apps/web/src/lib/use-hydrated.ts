import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser adopts a server-rendered page, true afterwards (and at once in a page the
 * browser renders itself): for what only a browser can show, such as the map (docs/behaviour.md §16).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
