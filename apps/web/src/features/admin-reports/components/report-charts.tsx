import type { Report } from '@roomweek/contract';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/card';
import OccupancyChart from '@/features/admin-shell/components/occupancy-chart';
import { formatRatio, periodLabel } from '@/features/admin-shell/lib/report-format';
import { formatPrice } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';

const HEIGHT = 240;
const METHODS = ['stripe', 'paypal', 'on_site'] as const;
const MONEY_COLOURS = { rent: 'var(--color-brand-600)', fees: '#0284c7', taxes: '#d97706' } as const;

/**
 * The report's three charts: occupancy, rent/fees/taxes stacked, arrivals by payment method. Each is one image to
 * assistive technology, named by a summary of what it shows; the table under them holds every figure.
 */
export function ReportCharts({ report, t, language }: { report: Report; t: TFunction; language: string }) {
  const labelled = report.periods.map((period) => ({ ...period, label: periodLabel(period, report.group, language) }));
  const money = (value: unknown) => (typeof value === 'number' ? formatPrice(value, language) : '');
  const byOccupancy = [...labelled].sort((a, b) => a.occupancy - b.occupancy);
  const lowest = byOccupancy[0];
  const highest = byOccupancy.at(-1);
  const total = report.total;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title={t('charts.occupancy.title')} wide>
        <OccupancyChart
          bars={labelled}
          name={t('charts.occupancy.name')}
          language={language}
          height={HEIGHT}
          summary={
            highest && lowest
              ? t('charts.occupancy.summary', {
                  total: formatRatio(total.occupancy, language),
                  highest: formatRatio(highest.occupancy, language),
                  highestPeriod: highest.label,
                  lowest: formatRatio(lowest.occupancy, language),
                  lowestPeriod: lowest.label,
                })
              : t('charts.none')
          }
        />
      </ChartCard>
      <ChartCard title={t('charts.money.title')}>
        <div
          role="img"
          data-testid="money-chart"
          aria-label={t('charts.money.summary', { rent: money(total.rent), fees: money(total.fees), taxes: money(total.taxes) })}
        >
          <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 480, height: HEIGHT }}>
            <BarChart data={labelled} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid vertical={false} strokeDasharray="3 3" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis tickFormatter={money} tick={{ fontSize: 12 }} width={84} />
              <Tooltip formatter={money} />
              {/* Rent, fees, taxes: the bars' order, not the alphabet's. */}
              <Legend itemSorter={null} />
              {(['rent', 'fees', 'taxes'] as const).map((part) => (
                <Bar key={part} dataKey={part} name={t(`charts.money.${part}`)} stackId="money" fill={MONEY_COLOURS[part]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </ChartCard>
      <ChartCard title={t('charts.methods.title')}>
        <div
          role="img"
          data-testid="methods-chart"
          aria-label={t('charts.methods.summary', Object.fromEntries(METHODS.map((method) => [method, total.by_payment_method[method]])))}
        >
          <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 480, height: HEIGHT }}>
            <BarChart
              data={METHODS.map((method) => ({ method: t(`charts.methods.${method}`), bookings: total.by_payment_method[method] }))}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid vertical={false} strokeDasharray="3 3" />
              <XAxis dataKey="method" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
              <Tooltip />
              <Bar dataKey="bookings" name={t('charts.methods.name')} fill="#0284c7" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </ChartCard>
    </div>
  );
}

function ChartCard({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Card className={wide ? 'p-5 lg:col-span-2' : 'p-5'}>
      <figure className="flex flex-col gap-3">
        <figcaption className="font-semibold text-stone-900">{title}</figcaption>
        {children}
      </figure>
    </Card>
  );
}
