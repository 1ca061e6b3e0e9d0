import type { Booking } from '@roomweek/contract';
import { formatPrice } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/**
 * A booking's price as it was made (docs/behaviour.md §18): the rent, each fee and tax with its count, the VAT included.
 * Nothing for a booking without fees or taxes: its total is its rent.
 */
type PricedBooking = Pick<Booking, 'price_lines' | 'rent_total' | 'vat_included'>;
type ChargeLine = Extract<Booking['price_lines'][number], { kind: 'fee' | 'tax' }>;

export function PriceLines({ booking }: { booking: PricedBooking }) {
  const charges = booking.price_lines.flatMap((line) => (line.kind === 'fee' || line.kind === 'tax' ? [line] : []));
  // The pricing texts load only for a booking that has such lines (a card without them renders at once).
  return charges.length === 0 ? null : <ChargeLines booking={booking} charges={charges} />;
}

function ChargeLines({ booking, charges }: { booking: PricedBooking; charges: ChargeLine[] }) {
  const { t, i18n } = useTranslation(['pricing', 'common']);
  const language = i18n.language;
  return (
    <dl className="flex flex-col gap-1 text-sm" data-testid="price-lines" aria-label={t('title')}>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">{t('rent')}</dt>
        <dd className="font-medium">{formatPrice(booking.rent_total, language)}</dd>
      </div>
      {charges.map((line) => (
        <div key={`${line.kind}-${line.code}`} className="flex justify-between gap-4">
          <dt className="text-stone-600">
            {line.name}
            <span className="ml-1 text-xs text-stone-500">{t('line', { quantity: line.quantity, unit: formatPrice(line.unit_amount, language) })}</span>
          </dt>
          <dd className="font-medium">{formatPrice(line.amount, language)}</dd>
        </div>
      ))}
      {booking.vat_included > 0 ? (
        <div className="flex justify-between gap-4 text-xs text-stone-500">
          <dt>{t('vat')}</dt>
          <dd>{formatPrice(booking.vat_included, language)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
