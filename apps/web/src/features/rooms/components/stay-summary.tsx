import { formatCents, formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { staySummary } from '@/lib/stay';

/** Arrival, departure, length and indicative total (docs/behaviour.md §9 price rule; the server's price is the one charged). */
export function StaySummary({
  arrival,
  departure,
  pricePerWeek,
}: {
  arrival: string;
  departure: string;
  pricePerWeek: number;
}) {
  const { t, i18n } = useTranslation();
  const { days, totalCents } = staySummary(arrival, departure, pricePerWeek);
  const rows: [string, string][] = [
    [t('room.arrival'), formatDate(arrival, i18n.language)],
    [t('room.departure'), formatDate(departure, i18n.language)],
    [t('room.summary.duration'), t('room.summary.days', { count: days })],
  ];
  return (
    <section aria-labelledby="stay-summary-title" className="rounded-xl bg-stone-50 p-4">
      <h3 id="stay-summary-title" className="mb-3 font-semibold">
        {t('room.summary.title')}
      </h3>
      <dl className="flex flex-col gap-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-stone-600">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
        <div className="mt-2 flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
          <dt className="font-semibold">{t('room.summary.total')}</dt>
          <dd className="font-bold" data-testid="stay-total">
            {formatCents(totalCents, i18n.language)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-500">{t('room.summary.priceRule')}</p>
    </section>
  );
}
