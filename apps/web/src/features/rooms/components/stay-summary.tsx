import { addDays, chargeName, type CancellationPolicy, type Language, type Party, type RoomPricingFields, type StayPrice } from '@roomweek/contract';
import { CancellationTerms } from '@/components/cancellation-terms';
import { formatCents, formatDate, formatPercent, formatPrice } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { stayPrice } from '@/lib/stay';
import type { StaySchedule } from '../api/get-stay-quote';

/**
 * Arrival, departure, length, the quote's lines (season by season, the long-stay discount), each fee and tax for the
 * party, the VAT included and the total: the contract's price, the very one the server books with (docs/behaviour.md
 * §11, §18).
 */
export function StaySummary({
  arrival,
  departure,
  pricing,
  cancellationPolicy,
  party = { adults: 1, children: 0 },
  schedule = null,
}: {
  arrival: string;
  departure: string;
  /** The room's price, seasons, long-stay tiers and rules (RoomDetail). */
  pricing: RoomPricingFields;
  /** The terms a booking of the room gets now (RoomDetail.cancellation_policy). */
  cancellationPolicy?: CancellationPolicy;
  /** Who comes: the taxes and the per-person fees count them. */
  party?: Party;
  /** Paid in two parts (issue 28): the deposit now, the balance by its due date (the server's quote); null: in one go. */
  schedule?: StaySchedule | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const price = stayPrice(arrival, departure, pricing, party);
  const { quote } = price;
  const rows: [string, string, string?][] = [
    [t('room.arrival'), formatDate(arrival, language)],
    [t('room.departure'), formatDate(departure, language)],
    [t('room.summary.duration'), t('room.summary.days', { count: quote.nights })],
    ...quote.lines.map((line): [string, string, string] => [
      t(`room.summary.${line.kind}Line`, { count: line.nights, price: formatCents(line.pricePerWeekCents, language) }),
      formatCents(line.amountCents, language),
      t('room.summary.lineDates', { start: formatDate(line.start_date, language), end: formatDate(addDays(line.end_date, -1), language) }),
    ]),
  ];
  if (quote.discountCents > 0) {
    const percent = formatPercent(quote.discountPercent, language);
    rows.push([t('room.summary.discount', { percent }), `−${formatCents(quote.discountCents, language)}`]);
  }
  return (
    <section aria-labelledby="stay-summary-title" className="rounded-xl bg-stone-50 p-4">
      <h3 id="stay-summary-title" className="mb-3 font-semibold">
        {t('room.summary.title')}
      </h3>
      <dl className="flex flex-col gap-1.5 text-sm">
        {rows.map(([term, value, detail], index) => (
          <div key={index} className="flex justify-between gap-4">
            <dt className="text-stone-600">
              {term}
              {detail ? <span className="block text-xs text-stone-500">{detail}</span> : null}
            </dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
        {price.charges.length > 0 ? <ChargeRows price={price} language={language} /> : null}
        <div className="mt-2 flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
          <dt className="font-semibold">{t('room.summary.total')}</dt>
          <dd className="font-bold" data-testid="stay-total">
            {formatCents(price.totalCents, language)}
          </dd>
        </div>
      </dl>
      {schedule ? (
        <p className="mt-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="stay-schedule">
          {t('room.summary.schedule', {
            now: formatPrice(schedule.deposit, language),
            balance: formatPrice(schedule.balance, language),
            date: formatDate(schedule.dueDate, language),
          })}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-stone-500">{t('room.summary.priceRule')}</p>
      {cancellationPolicy ? <CancellationTerms policy={cancellationPolicy} arrival={arrival} className="mt-3" /> : null}
    </section>
  );
}

/** Each fee and tax for the party, and the VAT included (docs/behaviour.md §18): the pricing texts load only for them. */
function ChargeRows({ price, language }: { price: StayPrice; language: string }) {
  const { t } = useTranslation(['pricing', 'common']);
  return (
    <>
      {price.charges.map((line) => (
        <div key={`${line.kind}-${line.code}`} className="flex justify-between gap-4">
          <dt className="text-stone-600">
            {chargeName(line.name, language as Language)}
            <span className="block text-xs text-stone-500">{t('line', { quantity: line.quantity, unit: formatCents(line.unitCents, language) })}</span>
          </dt>
          <dd className="font-medium">{formatCents(line.amountCents, language)}</dd>
        </div>
      ))}
      {price.vatCents > 0 ? (
        <div className="flex justify-between gap-4 text-xs text-stone-500">
          <dt>{t('vat')}</dt>
          <dd>{formatCents(price.vatCents, language)}</dd>
        </div>
      ) : null}
    </>
  );
}
