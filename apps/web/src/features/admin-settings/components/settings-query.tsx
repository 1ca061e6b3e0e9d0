import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedView } from '@/components/status-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';

/** A settings screen's one read: a skeleton while it loads, an error with Retry, then the form given the data. */
export function SettingsQuery<T>({ query, loadFailedKey, children }: { query: UseQueryResult<T>; loadFailedKey: string; children: (data: T) => ReactNode }) {
  const { t } = useAdminTranslation();
  if (query.isPending) return <Skeleton className="h-64 max-w-2xl rounded-2xl" />;
  if (query.isError) {
    return <LoadFailedView t={t} query={query} failedKey={loadFailedKey} />;
  }
  return children(query.data);
}
