import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusView } from '@/components/status-view';
import { Button } from '@/components/ui/button';

/** Shown when a page fails to load or render (e.g. its code changed after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StatusView title={t('notFound.title')} message={t('notFound.text')} />;
  }
  return (
    <StatusView
      tone="error"
      title={t('errors.generic')}
      message={t('errors.reload')}
      actions={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
    />
  );
}
