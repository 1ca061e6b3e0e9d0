import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Its children once the page has hydrated, nothing before (on the server and while the browser adopts its HTML): for
 * what the server cannot draw. The switch re-renders this component alone, not the page around it — a hook in the
 * page itself would render the whole page again, synchronously, right after hydration.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
