import type { Booking } from '@roomweek/contract';
import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDate, formatPrice } from '@/lib/format';
import { useTranslation, BOOKING_NAMESPACES } from '@/lib/i18n';

/** Whether the guest still owes the balance of a confirmed booking (issue 28): they may pay it now. */
export const owesBalance = (booking: Booking) =>
  booking.status === 'confirmed' && (booking.balance_status === 'due' || booking.balance_status === 'overdue') && booking.balance_amount > 0;

/**
 * Where a confirmed booking's payment stands (issue 28): paid in full, the balance waived, or the balance still owed and by
 * when (overdue stands out), whether the card is charged on its own, and `payAction` to pay it now.
 */
export function BookingBalance({ booking, payAction }: { booking: Booking; payAction?: ReactNode }) {
  const { t, i18n } = useTranslation(BOOKING_NAMESPACES);
  const language = i18n.language;
  if (booking.status !== 'confirmed') return null;
  const { balance_status: status } = booking;
  if (status === 'paid' || (status === 'none' && booking.paid_amount > 0)) {
    return (
      <Line icon={<CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />} className="bg-emerald-50 text-emerald-900">
        {t('bookings.balance.paidInFull')}
      </Line>
    );
  }
  if (status === 'waived') return <Line className="bg-stone-100 text-stone-700">{t('bookings.balance.waived')}</Line>;
  if (!owesBalance(booking)) return null;
  const overdue = status === 'overdue';
  const due = {
    amount: formatPrice(booking.balance_amount, language),
    date: booking.balance_due_date ? formatDate(booking.balance_due_date, language) : '',
  };
  return (
    <div className="flex flex-col gap-2" data-testid="booking-balance">
      <Line
        icon={overdue ? <AlertTriangle aria-hidden="true" className="size-4 shrink-0" /> : <Clock aria-hidden="true" className="size-4 shrink-0" />}
        className={overdue ? 'bg-red-50 font-medium text-red-800' : 'bg-amber-50 text-amber-900'}
      >
        {t(overdue ? 'bookings.balance.overdue' : 'bookings.balance.due', due)}
        {booking.balance_auto_charge && booking.balance_due_date ? ` ${t('bookings.balance.autoCharge', { date: due.date })}` : null}
      </Line>
      {payAction}
    </div>
  );
}

function Line({ icon, className, children }: { icon?: ReactNode; className: string; children: ReactNode }) {
  return (
    <p className={cn('flex items-center gap-2 rounded-lg px-3 py-2 text-sm', className)} data-testid="balance-status">
      {icon}
      <span>{children}</span>
    </p>
  );
}
