import { may, toCents, type Booking, type BookingPayment } from '@roomweek/contract';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { formatDate, formatPrice } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useBookingPayments } from '../api/balances';
import { BalanceActions } from './balance-actions';
import { RecordPaymentForm } from './record-payment-form';

const STATUS_VARIANTS: Record<Booking['balance_status'], BadgeVariant> = {
  none: 'neutral',
  due: 'secondary',
  paid: 'default',
  overdue: 'destructive',
  waived: 'neutral',
};

/**
 * A booking's payment schedule and payments (issue 28), folded on its card: opened, it reads the booking's payments
 * (never the whole list's), lets admins and staff record money received on site and admins charge, mark paid or waive
 * the balance.
 */
export function BookingPaymentsPanel({ booking }: { booking: Booking }) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <div className="border-t border-stone-100 pt-2">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        aria-label={t('balances.toggleNamed', { id: booking.id.slice(0, 8) })}
      >
        <Icon aria-hidden="true" />
        {t('balances.toggle')}
        {booking.balance_status === 'overdue' ? <Badge variant="destructive">{t('balances.status.overdue')}</Badge> : null}
      </Button>
      {open ? (
        <div id={panelId} className="mt-2 flex flex-col gap-4" data-testid="booking-payments">
          <PaymentsDetails booking={booking} />
        </div>
      ) : null}
    </div>
  );
}

function PaymentsDetails({ booking }: { booking: Booking }) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  const role = useSession().user?.role;
  const payments = useBookingPayments(booking.id, true);
  const owes = booking.status !== 'cancelled' && (booking.balance_status === 'due' || booking.balance_status === 'overdue');
  const mayRecord = may(role, 'payments.record_on_site') && booking.status !== 'cancelled' && toCents(booking.paid_amount) < toCents(booking.total_price);
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5" data-testid="balance-schedule">
        <Fact label={t('balances.deposit')}>{formatPrice(booking.deposit_amount, language)}</Fact>
        <Fact label={t('balances.balance')}>{formatPrice(booking.balance_amount, language)}</Fact>
        <Fact label={t('balances.dueDate')}>{booking.balance_due_date ? formatDate(booking.balance_due_date, language) : '—'}</Fact>
        <Fact label={t('balances.statusLabel')}>
          <Badge variant={STATUS_VARIANTS[booking.balance_status]}>{t(`balances.status.${booking.balance_status}`)}</Badge>
        </Fact>
        <Fact label={t('balances.autoCharge')}>{booking.balance_auto_charge ? t('balances.autoChargeYes') : t('balances.autoChargeNo')}</Fact>
      </dl>
      <section aria-label={t('balances.paymentsTitle')} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('balances.paymentsTitle')}</h3>
        {payments.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : payments.isError ? (
          <p className="flex items-center gap-2 text-sm text-red-700" role="alert">
            {t('balances.paymentsFailed')}
            <Button variant="outline" size="sm" onClick={() => void payments.refetch()}>
              {t('common.retry')}
            </Button>
          </p>
        ) : payments.data.length === 0 ? (
          <p className="text-sm text-stone-500">{t('balances.noPayments')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100 text-sm">
            {payments.data.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} language={language} />
            ))}
          </ul>
        )}
      </section>
      {mayRecord ? <RecordPaymentForm booking={booking} /> : null}
      {owes && may(role, 'balances.manage') ? <BalanceActions booking={booking} /> : null}
    </>
  );
}

function PaymentRow({ payment, language }: { payment: BookingPayment; language: string }) {
  const { t } = useAdminTranslation();
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid="booking-payment">
      <span className="flex flex-col">
        <span className="font-medium">
          {t(`balances.kind.${payment.kind}`)} · {t(`balances.method.${payment.method}`)}
        </span>
        <span className="text-xs text-stone-500">
          {formatDate(payment.received_at.slice(0, 10), language)}
          {payment.reference ? ` · ${payment.reference}` : ''}
          {payment.note ? ` · ${payment.note}` : ''}
        </span>
      </span>
      <span className="text-right">
        <span className="font-medium">{formatPrice(payment.amount, language)}</span>
        {payment.refunded_amount > 0 ? (
          <span className="block text-xs text-stone-500">{t('balances.refunded', { amount: formatPrice(payment.refunded_amount, language) })}</span>
        ) : null}
      </span>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-stone-500">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
