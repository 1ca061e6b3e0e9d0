import { may, ReportQuery } from '@roomweek/contract';
import { useState } from 'react';
import { LoadFailedView } from '@/components/status-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useSiteToday } from '@/config/public-config';
import { useReport } from '@/features/admin-shell/api/reports';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { ReportCharts } from '../components/report-charts';
import { ReportExports } from '../components/report-exports';
import { ReportFilters, type ReportFilter } from '../components/report-filters';
import { ReportTable } from '../components/report-table';
import { presetRange } from '../lib/periods';

const NAMESPACES = ['reports', 'admin', 'common'];

/**
 * /admin/reports (issue 30, docs/behaviour.md §24): the owner's numbers over a period, per month, week or day, for the
 * whole site, a property or a room: occupancy, money and payment methods as charts, every figure in a table; admins
 * also download the bookings, the period's payments and its taxes as CSV.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation(NAMESPACES);
  const language = i18n.language;
  const { user } = useSession();
  const today = useSiteToday();
  const [chosen, setChosen] = useState<ReportFilter | null>(null);
  // This month until the owner picks another period (the site's today is known once the config is).
  const filter: ReportFilter | null =
    chosen ?? (today ? { preset: 'this_month', range: presetRange('this_month', today), propertyId: '', roomId: '', group: 'month' } : null);
  const onChange = (next: ReportFilter) =>
    setChosen(next.preset === 'custom' || !today ? next : { ...next, range: presetRange(next.preset, today) });

  const query = filter && {
    ...filter.range,
    group: filter.group,
    ...(filter.propertyId && { property_id: filter.propertyId }),
    ...(filter.roomId && { room_id: filter.roomId }),
  };
  const checked = query ? ReportQuery.safeParse(query) : null;
  const valid = checked?.success ? query : null;
  const error =
    query && !checked?.success && query.from && query.to
      ? t(query.from > query.to ? 'filters.toBeforeFrom' : 'filters.tooLong')
      : null;
  const report = useReport(valid);

  return (
    <AdminPage
      title={t('title')}
      description={t('description')}
      actions={may(user?.role, 'reports.export') ? <ReportExports period={valid && { from: valid.from, to: valid.to }} t={t} /> : null}
    >
      {filter ? <ReportFilters filter={filter} onChange={onChange} error={error} t={t} /> : null}
      {report.isError ? (
        <LoadFailedView t={t} query={report} failedKey="loadFailed" />
      ) : report.data ? (
        <div className={report.isPlaceholderData ? 'flex flex-col gap-6 opacity-60 transition-opacity' : 'flex flex-col gap-6'} aria-busy={report.isPlaceholderData}>
          <ReportCharts report={report.data} t={t} language={language} />
          <ReportTable report={report.data} t={t} language={language} />
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-64 w-full rounded-2xl" />
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      )}
    </AdminPage>
  );
}
