import { PageMeta } from '@/components/page-meta';
import { SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { useTranslation, type TFunction } from '@/lib/i18n';

interface StatusViewProps {
  title: string;
  message?: string;
  tone?: 'not-found' | 'error';
  /** Extra actions; a link home is always offered. */
  actions?: ReactNode;
  className?: string;
  /** h1 for a whole page; h2 when shown inside a page that has its own title. */
  headingLevel?: 'h1' | 'h2';
}

/** A full-width "not found" or "could not load" message with a way back. */
export function StatusView({
  title,
  message,
  tone = 'not-found',
  actions,
  className,
  headingLevel: Heading = 'h1',
}: StatusViewProps) {
  const { t } = useTranslation();
  const Icon = tone === 'error' ? TriangleAlert : SearchX;
  return (
    <div className={cn('mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center', className)}>
      <span className="flex size-14 items-center justify-center rounded-full bg-stone-100 text-stone-500">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <Heading className="text-2xl font-semibold text-stone-900">{title}</Heading>
      {message ? <p className="text-stone-600">{message}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        {actions}
        <Link to={paths.home} className={buttonClasses('outline')}>
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('notFound.title')} · ${t('app.name')}`} description={t('notFound.text')} path={useLocation().pathname} noIndex />
      <StatusView title={t('notFound.title')} message={t('notFound.text')} />
    </>
  );
}

/**
 * A read that failed: `failedKey`'s title, the error's message (unless `detail` is false) and Retry. `t` is the
 * screen's translator (the admin's has its own texts).
 */
export function LoadFailedView({
  t,
  query,
  failedKey,
  detail = true,
  headingLevel = 'h2',
  className,
}: {
  t: TFunction;
  query: { error: unknown; refetch: () => Promise<unknown> };
  failedKey: string;
  detail?: boolean;
  headingLevel?: 'h1' | 'h2';
  className?: string;
}) {
  return (
    <StatusView
      tone="error"
      className={className}
      headingLevel={headingLevel}
      title={t(failedKey)}
      {...(detail ? { message: errorMessage(t, query.error, failedKey) } : {})}
      actions={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
    />
  );
}
