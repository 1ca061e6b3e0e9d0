import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { paths } from '@/config/paths';
import { useAdminTranslation } from '../lib/use-admin-translation';

export interface AdminPageProps {
  title: string;
  description?: string;
  /** Buttons on the right of the title (e.g. "Add a room"). */
  actions?: ReactNode;
  /** The dashboard itself has no way back to the dashboard. */
  back?: boolean;
  children: ReactNode;
}

/** The frame of every admin screen: browser title, back-to-dashboard link (docs/behaviour.md §2), heading and actions. */
export function AdminPage({ title, description, actions, back = true, children }: AdminPageProps) {
  const { t } = useAdminTranslation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <title>{`${title} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-3">
        {back ? <BackLink to={paths.admin} label={t('shared.backToDashboard')} className="self-start" /> : null}
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
            {description ? <p className="max-w-3xl text-stone-600">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      </div>
      {children}
    </div>
  );
}
