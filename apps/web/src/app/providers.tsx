import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { publicConfigQuery } from '@/config/public-config';
import { createQueryClient } from '@/lib/query-client';
import { setLanguage, storedLanguage } from '@/lib/i18n';
import { ToastHost } from '@/lib/toast';
import { SessionProvider } from '@/lib/session';

/** docs/behaviour.md §9: toasts at the top right, 4 seconds. */
export const TOAST_DURATION_MS = 4000;

/** Until the visitor picks a language, the site's configured default applies (French unless set otherwise). */
function SiteDefaultLanguage() {
  const { data } = useQuery({ ...publicConfigQuery, enabled: storedLanguage() === null });
  const language = data?.default_language;
  useEffect(() => {
    if (language && storedLanguage() === null) void setLanguage(language, false);
  }, [language]);
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <SiteDefaultLanguage />
        {children}
        <ToastHost position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
      </SessionProvider>
    </QueryClientProvider>
  );
}
