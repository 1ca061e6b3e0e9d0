import type { Booking } from '@roomweek/contract';
import { CalendarX2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation, BOOKING_NAMESPACES } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedView } from '@/components/status-view';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { formatPrice } from '@/lib/format';
import { useCancelBooking } from '../api/cancel-booking';
import { useMyBookings } from '../api/get-my-bookings';
import { useMyReviews } from '../api/reviews';
import { ReviewPanel } from '../components/review-panel';
import { BookingCard, BookingCardSkeleton } from '../components/booking-card';
import { owesBalance } from '../components/booking-balance';

/**
 * `payBalance`: the way to pay the balance a confirmed booking still owes (issue 28), given by the app (it is the payments
 * feature's); without it, the card only says what is owed.
 */
export function MyBookingsPage({ payBalance }: { payBalance?: (booking: Booking) => ReactNode } = {}) {
  const { t, i18n } = useTranslation(BOOKING_NAMESPACES);
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  // Stays open to a review and the reviews written (docs/decisions/0035); the invitation's link names its stay.
  const reviewSlots = useMyReviews();
  const [params] = useSearchParams();
  const invitedTo = params.get('review');

  const onCancel = (booking: Booking) => {
    cancel.mutate(booking.id, {
      onSuccess: (cancelled) => {
        const refund = cancelled.refund_amount - booking.refund_amount;
        toast.success(
          refund > 0
            ? t('toasts.bookingCancelledRefund', { amount: formatPrice(refund, i18n.language) })
            : t('toasts.bookingCancelled'),
        );
      },
      onError: (error) => toast.error(errorMessage(t, error, 'toasts.cancelFailed')),
    });
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <title>{`${t('bookings.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('bookings.title')}</h1>
        <p className="text-stone-600">{t('bookings.subtitle')}</p>
      </div>
      {bookings.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <BookingCardSkeleton />
          <BookingCardSkeleton />
        </div>
      ) : bookings.isError ? (
        <LoadFailedView t={t} query={bookings} failedKey="toasts.loadBookingsFailed" className="py-8" />
      ) : bookings.data.length === 0 ? (
        <EmptyState icon={CalendarX2} message={t('bookings.empty')}>
          <Link to={paths.home} className={buttonClasses('default')}>
            {t('bookings.browse')}
          </Link>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          {bookings.data.map((booking) => (
            <BookingCard
              key={booking.id}
              booking={booking}
              onCancel={onCancel}
              cancelling={cancel.isPending && cancel.variables === booking.id}
              payBalance={payBalance && owesBalance(booking) ? payBalance(booking) : undefined}
            >
              {reviewSlots.data?.map((slot) =>
                slot.booking_id === booking.id ? <ReviewPanel key={slot.booking_id} slot={slot} openAtFirst={invitedTo === booking.id} /> : null,
              )}
            </BookingCard>
          ))}
        </div>
      )}
    </div>
  );
}
