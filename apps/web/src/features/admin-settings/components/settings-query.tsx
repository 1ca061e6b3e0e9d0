import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StatusView } from '@/components/status-view';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';

/** A settings screen's one read: a skeleton while it loads, an error with Retry, then the form given the data. */
export function SettingsQuery<T>({ query, loadFailedKey, children }: { query: UseQueryResult<T>; loadFailedKey: string; children: (data: T) => ReactNode }) {
  const { t } = useAdminTranslation();
  if (query.isPending) return <Skeleton className="h-64 max-w-2xl rounded-2xl" />;
  if (query.isError) {
    return (
      <StatusView
        tone="error"
        headingLevel="h2"
        title={t(loadFailedKey)}
        message={errorMessage(t, query.error, loadFailedKey)}
        actions={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return children(query.data);
}
