import type { Report, ReportFigures } from '@roomweek/contract';
import { Card } from '@/components/ui/card';
import { formatFigure, formatRatio, periodLabel } from '@/features/admin-shell/lib/report-format';
import { formatPrice } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';

type Kind = 'count' | 'ratio' | 'money' | 'figure';

/** The table's columns after the period's: each figure of the report and how it is written. */
const COLUMNS: { key: string; kind: Kind; value: (figures: ReportFigures) => number }[] = [
  { key: 'occupancy', kind: 'ratio', value: (f) => f.occupancy },
  { key: 'nights_sold', kind: 'count', value: (f) => f.nights_sold },
  { key: 'nights_available', kind: 'count', value: (f) => f.nights_available },
  { key: 'nights_held', kind: 'count', value: (f) => f.nights_held },
  { key: 'rent', kind: 'money', value: (f) => f.rent },
  { key: 'fees', kind: 'money', value: (f) => f.fees },
  { key: 'taxes', kind: 'money', value: (f) => f.taxes },
  { key: 'adr', kind: 'money', value: (f) => f.adr },
  { key: 'revpar', kind: 'money', value: (f) => f.revpar },
  { key: 'bookings', kind: 'count', value: (f) => f.bookings },
  { key: 'cancellations', kind: 'count', value: (f) => f.cancellations },
  { key: 'cancellation_rate', kind: 'ratio', value: (f) => f.cancellation_rate },
  { key: 'average_stay_nights', kind: 'figure', value: (f) => f.average_stay_nights },
  { key: 'average_lead_days', kind: 'figure', value: (f) => f.average_lead_days },
  { key: 'stripe', kind: 'count', value: (f) => f.by_payment_method.stripe },
  { key: 'paypal', kind: 'count', value: (f) => f.by_payment_method.paypal },
  { key: 'on_site', kind: 'count', value: (f) => f.by_payment_method.on_site },
  { key: 'received', kind: 'money', value: (f) => f.received },
  { key: 'refunded', kind: 'money', value: (f) => f.refunded },
];

/** Every figure of every period, and the whole range's, in the interface language. */
export function ReportTable({ report, t, language }: { report: Report; t: TFunction; language: string }) {
  const write = (kind: Kind, value: number) =>
    kind === 'money' ? formatPrice(value, language) : kind === 'ratio' ? formatRatio(value, language) : formatFigure(value, language);
  const cells = (figures: ReportFigures) =>
    COLUMNS.map(({ key, kind, value }) => (
      <td key={key} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {write(kind, value(figures))}
      </td>
    ));
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-sm" data-testid="report-table">
        <caption className="p-3 text-left text-stone-600">{t('table.caption', { groups: t(`table.groups.${report.group}`) })}</caption>
        <thead className="bg-stone-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('table.period')}
            </th>
            {COLUMNS.map(({ key }) => (
              <th key={key} scope="col" className="px-3 py-2 text-right font-medium">
                {t(`table.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.periods.map((period) => (
            <tr key={period.start} className="border-t" data-testid="report-row">
              <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                {periodLabel(period, report.group, language)}
              </th>
              {cells(period)}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t font-semibold">
          <tr data-testid="report-total">
            <th scope="row" className="px-3 py-2 text-left">
              {t('table.total')}
            </th>
            {cells(report.total)}
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
