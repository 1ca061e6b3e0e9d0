import { PageMeta } from '@/components/page-meta';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';

/** The centred card every account page uses: icon, title, description, form, links. */
export function AuthCard({
  icon: Icon,
  title,
  description,
  children,
  footer,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation(AUTH_NAMESPACES);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <PageMeta title={`${title} · ${t('app.name')}`} description={description ?? t('home.subtitle')} path={useLocation().pathname} noIndex />
      <Card className="p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold">{title}</h1>
          {description ? <p className="text-sm text-stone-600">{description}</p> : null}
        </div>
        {children}
        {footer ? <div className="mt-6 flex flex-col items-center gap-2 text-sm text-stone-600">{footer}</div> : null}
      </Card>
    </div>
  );
}
