import type { Booking } from '@roomweek/contract';
import { CancellationTerms } from '@/components/cancellation-terms';
import { useSiteToday } from '@/config/public-config';
import { formatPrice } from '@/lib/format';
import { useTranslation, BOOKING_NAMESPACES } from '@/lib/i18n';

/**
 * The money side of a booking on its card (docs/behaviour.md §10): the terms it was booked under while cancelling is
 * still possible, what was paid, and what is refunded and where that refund stands. Nothing for a booking paid on
 * site that was never refunded.
 */
export function BookingMoney({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation(BOOKING_NAMESPACES);
  const language = i18n.language;
  const today = useSiteToday();
  const showTerms =
    booking.status !== 'cancelled' && booking.payment_method !== 'on_site' && today !== null && today < booking.end_date;
  const refunded = booking.refund_amount > 0 || booking.refund_status !== 'none';
  if (!showTerms && booking.paid_amount === 0 && !refunded) return null;
  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid="booking-money">
      {showTerms ? <CancellationTerms policy={booking.cancellation_policy} arrival={booking.start_date} /> : null}
      {booking.paid_amount > 0 || refunded ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <span>
            <span className="text-stone-500">{t('bookings.paid')} </span>
            <span className="font-medium">{formatPrice(booking.paid_amount, language)}</span>
          </span>
          {refunded ? (
            <span>
              <span className="text-stone-500">{t('bookings.refunded')} </span>
              <span className="font-medium">{formatPrice(booking.refund_amount, language)}</span>
            </span>
          ) : null}
        </p>
      ) : null}
      {booking.refund_status !== 'none' ? (
        <p className={booking.refund_status === 'failed' ? 'text-amber-800' : 'text-stone-600'}>
          {t(`bookings.refundStatus.${booking.refund_status}`)}
        </p>
      ) : null}
    </div>
  );
}
