import { addDays, type ReportQuery } from '@roomweek/contract';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSiteToday } from '@/config/public-config';
import { useReport } from '@/features/admin-shell/api/reports';
import OccupancyChart from '@/features/admin-shell/components/occupancy-chart';
import { formatRatio, periodLabel } from '@/features/admin-shell/lib/report-format';
import { adminPaths } from '@/features/admin-shell/paths';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';

/** Eight weeks from today, both ends included. */
const FORECAST_DAYS = 8 * 7;
const NAMESPACES = ['reports', 'common'];
const HEIGHT = 160;

/**
 * The dashboard's occupancy of the next eight weeks (issue 30), week by week. Loaded with `lazy()`: the chart library
 * comes with it, never with the dashboard's first load.
 */
export default function OccupancyForecastCard() {
  const { t, i18n } = useTranslation(NAMESPACES);
  const language = i18n.language;
  const today = useSiteToday();
  const query: ReportQuery | null = today ? { from: today, to: addDays(today, FORECAST_DAYS - 1), group: 'week' } : null;
  const report = useReport(query);
  const weeks = (report.data?.periods ?? []).map((period) => ({ ...period, label: periodLabel(period, 'week', language) }));
  const byOccupancy = [...weeks].sort((a, b) => a.occupancy - b.occupancy);
  const lowest = byOccupancy[0];
  const highest = byOccupancy.at(-1);

  return (
    <Card className="flex flex-col gap-3 p-5" role="region" aria-labelledby="occupancy-forecast-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="occupancy-forecast-title" className="font-semibold text-stone-900">
          {t('dashboard.forecast.title')}
        </h2>
        <Link to={adminPaths.reports} className="flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('dashboard.forecast.link')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {report.isError ? (
        <p className="text-sm text-red-700" role="alert">
          {errorMessage(t, report.error, 'dashboard.forecast.loadFailed')}
        </p>
      ) : !report.data ? (
        <Skeleton className="w-full rounded-lg" style={{ height: HEIGHT }} />
      ) : report.data.total.nights_available === 0 || !highest || !lowest ? (
        <p className="text-sm text-stone-600">{t('dashboard.forecast.none')}</p>
      ) : (
        <OccupancyChart
          bars={weeks}
          name={t('dashboard.forecast.name')}
          language={language}
          height={HEIGHT}
          summary={t('dashboard.forecast.summary', {
            total: formatRatio(report.data.total.occupancy, language),
            highest: formatRatio(highest.occupancy, language),
            highestPeriod: highest.label,
            lowest: formatRatio(lowest.occupancy, language),
            lowestPeriod: lowest.label,
          })}
        />
      )}
    </Card>
  );
}
