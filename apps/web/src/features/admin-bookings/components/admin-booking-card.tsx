import { isAnonymisedEmail, may, toCents, type Booking } from '@roomweek/contract';
import { Ban, RotateCcw, Undo2 } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { ContentSentence } from '@/components/content-sentence';
import { PriceLines } from '@/components/price-lines';
import { InvoiceList } from '@/components/invoice-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MethodBadge, PartyText, RefundBadge, SourceBadge } from '@/features/admin-shell/components/booking-badges';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { langOf } from '@/lib/content-language';
import { formatDate, formatPrice, shortId } from '@/lib/format';
import { useSession } from '@/lib/session';
import { ApprovalActions } from './booking-approval';
import { BookingPaymentsPanel } from './booking-payments-panel';

/** What can still be refunded on a booking, in cents: what it received less what is refunded or on its way. */
export const refundableCents = (booking: Booking) => toCents(booking.paid_amount) - toCents(booking.refund_amount);

export interface AdminBookingCardProps {
  booking: Booking;
  language: string;
  onCancel: (booking: Booking) => void;
  /** Opens the refund dialog; `retry` after a failed refund. */
  onRefund: (booking: Booking, retry: boolean) => void;
  cancelling: boolean;
}

/**
 * One booking of the admin list (docs/behaviour.md §2, §10): guest, room, badges, dates, total, what was paid and
 * refunded; Cancel while not cancelled, Refund while something is refundable, Retry refund after a failed one.
 * Memoised: typing in the search box and a new page's arrival re-render only the cards that change.
 */
export const AdminBookingCard = memo(function AdminBookingCard({
  booking,
  language,
  onCancel,
  onRefund,
  cancelling,
}: AdminBookingCardProps) {
  const { t } = useAdminTranslation();
  // What the role may do (the contract's permission table, docs/decisions/0039): staff neither refund nor approve.
  const role = useSession().user?.role;
  const mayRefund = may(role, 'bookings.refund');
  const mayApprove = may(role, 'bookings.approve');
  const titleId = `booking-${booking.id}`;
  const id = shortId(booking.id);
  const failed = booking.refund_status === 'failed';
  const canRefund = refundableCents(booking) > 0;
  return (
    <Card className="flex flex-col gap-3 p-5" role="article" aria-labelledby={titleId} data-testid="admin-booking">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={titleId} className="font-semibold" title={booking.id}>
            {t('bookings.bookingNumber', { id })}
          </h2>
          {isAnonymisedEmail(booking.user_email) ? (
            // The guest's account was anonymised (docs/behaviour.md §12): no name or e-mail left to show.
            <Badge variant="neutral" className="self-start">
              {t('guests.anonymisedGuest')}
            </Badge>
          ) : (
            <p className="text-sm break-words">
              <span className="font-medium">{booking.user_name}</span>{' '}
              <span className="text-stone-600">· {booking.user_email}</span>
            </p>
          )}
          <p className="text-sm text-stone-500">
            <ContentSentence
              sentence={(property) => t('bookings.roomAt', { number: booking.room_number, property })}
              text={booking.property_name}
              lang={langOf(booking.text_languages?.property_name, language)}
            />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SourceBadge booking={booking} />
          <MethodBadge method={booking.payment_method} />
          <BookingStatusBadge status={booking.status} />
          <RefundBadge booking={booking} />
        </div>
      </div>
      <PriceLines booking={booking} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <Term label={t('bookings.start')}>{formatDate(booking.start_date, language)}</Term>
          <Term label={t('bookings.end')}>{formatDate(booking.end_date, language)}</Term>
          <Term label={t('bookings.party')} testId="booking-party">
            <PartyText party={booking} />
          </Term>
          <Term label={t('bookings.total')} className="font-semibold">
            {formatPrice(booking.total_price, language)}
          </Term>
          <Term label={t('bookings.paid')} testId="booking-paid">
            {formatPrice(booking.paid_amount, language)}
          </Term>
          <Term label={t('bookings.refunded')} testId="booking-refunded">
            {formatPrice(booking.refund_amount, language)}
          </Term>
        </dl>
        <div className="flex flex-wrap items-end gap-2 sm:justify-end">
          {mayApprove ? <ApprovalActions booking={booking} /> : null}
          {!mayRefund ? null : failed ? (
            <Button variant="outline" size="sm" onClick={() => onRefund(booking, true)} aria-label={t('bookings.retryRefundNamed', { id })}>
              <RotateCcw aria-hidden="true" />
              {t('bookings.retryRefund')}
            </Button>
          ) : canRefund ? (
            <Button variant="outline" size="sm" onClick={() => onRefund(booking, false)} aria-label={t('bookings.refundNamed', { id })}>
              <Undo2 aria-hidden="true" />
              {t('bookings.refundAction')}
            </Button>
          ) : null}
          {booking.status !== 'cancelled' ? (
            <Button
              variant="outline"
              size="sm"
              disabled={cancelling}
              onClick={() => onCancel(booking)}
              className="text-red-700 hover:bg-red-50"
              aria-label={t('bookings.cancelNamed', { id })}
            >
              <Ban aria-hidden="true" />
              {t('bookings.cancel')}
            </Button>
          ) : booking.cancel_reason ? (
            <p className="text-xs text-stone-500">{t(`bookings.cancelReason.${booking.cancel_reason}`)}</p>
          ) : null}
        </div>
      </div>
      {booking.paid_amount > 0 ? <InvoiceList bookingId={booking.id} /> : null}
      <BookingPaymentsPanel booking={booking} />
    </Card>
  );
});

/** One figure of the booking: its name, then its value (`font-medium` unless told). */
function Term({
  label,
  className = 'font-medium',
  testId,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-stone-500">{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
