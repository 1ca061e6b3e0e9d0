import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { ToastHost } from '@/lib/toast';
import { SessionProvider } from '@/lib/session';

/** docs/behaviour.md §9: toasts at the top right, 4 seconds. */
export const TOAST_DURATION_MS = 4000;

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        {children}
        <ToastHost position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
      </SessionProvider>
    </QueryClientProvider>
  );
}
