import { awaitsApproval, type Booking } from '@roomweek/contract';
import { CalendarDays, CreditCard, Hourglass, User, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentSentence } from '@/components/content-sentence';
import { InvoiceList } from '@/components/invoice-list';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { langOf } from '@/lib/content-language';
import { formatDate, formatPrice, shortId } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { describeParty } from '@/lib/party';
import { PriceLines } from '@/components/price-lines';
import { BillingEditor } from './billing-editor';
import { BookingBalance } from './booking-balance';
import { BookingMoney } from './booking-money';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { CancelBookingPrompt } from './cancel-booking-prompt';
import { ArrivalInstructionsNote } from './arrival-instructions-note';
import { CheckInLine } from './check-in-line';

export interface BookingCardProps {
  booking: Booking;
  onCancel: (booking: Booking) => void;
  cancelling: boolean;
  /** What follows the booking's facts: its review, once the stay is over (docs/decisions/0035). */
  children?: ReactNode;
  /** The way to pay the balance still owed (issue 28), shown under it. */
  payBalance?: ReactNode;
}

export function BookingCard({ booking, onCancel, cancelling, children, payBalance }: BookingCardProps) {
  const { t, i18n } = useTranslation(['bookings', 'common', 'payments']);
  const language = i18n.language;
  const titleId = `booking-${booking.id}`;
  return (
    <Card className="flex flex-col gap-4 p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h2 id={titleId} className="font-semibold">
            {t('bookings.bookingNumber', { id: shortId(booking.id) })}
          </h2>
          <Link
            to={paths.room(booking.room_id)}
            className="text-sm text-stone-600 underline-offset-4 hover:text-brand-700 hover:underline"
          >
            <ContentSentence
              sentence={(property) => t('bookings.roomAt', { number: booking.room_number, property })}
              text={booking.property_name}
              lang={langOf(booking.text_languages?.property_name, language)}
            />
          </Link>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      {awaitsApproval(booking) ? (
        // An on-site request the owner has not answered yet (docs/decisions/0029).
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="awaiting-approval">
          <Hourglass aria-hidden="true" className="size-4 shrink-0" />
          {t('bookings.awaitingApproval')}
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-5">
        <Fact icon={User} label={t('bookings.bookedBy')} className="col-span-2 sm:col-span-1" valueClassName="break-words">
          {booking.user_name}
        </Fact>
        <Fact icon={CalendarDays} label={t('bookings.start')}>
          {formatDate(booking.start_date, language)}
        </Fact>
        <Fact icon={CalendarDays} label={t('bookings.end')}>
          {formatDate(booking.end_date, language)}
        </Fact>
        <Fact icon={CreditCard} label={t('bookings.payment')}>
          {t(`payment.methods.${booking.payment_method}`)}
        </Fact>
        <Fact icon={Users} label={t('party.title')} testId="booking-party">
          {describeParty(t, booking)}
        </Fact>
      </dl>

      <PriceLines booking={booking} />
      <BookingMoney booking={booking} />
      <BookingBalance booking={booking} payAction={payBalance} />

      {booking.status !== 'cancelled' ? <CheckInLine booking={booking} /> : null}
      <ArrivalInstructionsNote booking={booking} />

      {booking.status !== 'cancelled' || booking.billing ? <BillingEditor booking={booking} editable={booking.status !== 'cancelled' && booking.paid_amount === 0} /> : null}
      {booking.paid_amount > 0 ? <InvoiceList bookingId={booking.id} /> : null}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-4">
        <p>
          <span className="text-sm text-stone-500">{t('bookings.total')} </span>
          <span className="text-lg font-semibold">{formatPrice(booking.total_price, language)}</span>
        </p>
        {booking.status !== 'cancelled' ? (
          <CancelBookingPrompt booking={booking} cancelling={cancelling} onConfirm={() => onCancel(booking)} />
        ) : booking.cancel_reason ? (
          <p className="text-sm text-stone-500">{t(`bookings.cancelReason.${booking.cancel_reason}`)}</p>
        ) : booking.cancelled_by ? (
          <p className="text-sm text-stone-500">{t(`bookings.cancelledBy.${booking.cancelled_by}`)}</p>
        ) : null}
      </div>
      {children}
    </Card>
  );
}

export function BookingCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex justify-between">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-5 w-20" />
      </div>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-8 w-1/3" />
    </Card>
  );
}

/** One fact of the booking: its icon and name, then the value. */
function Fact({
  icon: Icon,
  label,
  className,
  valueClassName,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  className?: string;
  valueClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <dt className="flex items-center gap-1.5 text-stone-500">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </dt>
      <dd className={cn('font-medium', valueClassName)} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
