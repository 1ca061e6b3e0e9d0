import type { PaymentStatus } from '@roomweek/contract';
import { CircleAlert, CircleCheck, CircleX, Clock, LoaderCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { PaymentResult } from './payment-result';

/** Every way a payment result page can end, each with its own title and message. */
export type PaymentOutcome = 'verifying' | 'success' | 'slow' | 'processing' | 'refund_pending' | 'refunded' | 'expired' | 'cancelled' | 'error';

const LOOK: Record<PaymentOutcome, { icon: LucideIcon; tone: 'success' | 'warning' | 'neutral'; title: string; message: string }> = {
  verifying: { icon: LoaderCircle, tone: 'neutral', title: 'verifying.title', message: 'verifying.message' },
  success: { icon: CircleCheck, tone: 'success', title: 'success.title', message: 'success.message' },
  slow: { icon: Clock, tone: 'warning', title: 'slow.title', message: 'slow.message' },
  processing: { icon: Clock, tone: 'warning', title: 'processingPayment.title', message: 'processingPayment.message' },
  refund_pending: { icon: CircleAlert, tone: 'warning', title: 'refund.title', message: 'refund.pending' },
  refunded: { icon: CircleAlert, tone: 'warning', title: 'refund.title', message: 'refund.done' },
  expired: { icon: CircleX, tone: 'neutral', title: 'expired.title', message: 'expired.message' },
  cancelled: { icon: CircleX, tone: 'neutral', title: 'cancelled.title', message: 'cancelled.message' },
  error: { icon: CircleAlert, tone: 'warning', title: 'error.title', message: 'error.message' },
};

/** The page outcome for a settled payment status. */
export function outcomeOf(status: PaymentStatus): PaymentOutcome {
  switch (status) {
    case 'paid':
      return 'success';
    case 'pending':
    case 'unpaid':
      return 'processing';
    default:
      return status;
  }
}

/** A payment result card with the two ways on of docs/behaviour.md §2: my bookings and home. */
export function PaymentOutcomeView({ outcome }: { outcome: PaymentOutcome }) {
  const { t } = useTranslation('payments');
  const look = LOOK[outcome];
  return (
    <PaymentResult icon={look.icon} tone={look.tone} title={t(look.title)} message={t(look.message)} busy={outcome === 'verifying'}>
      <Link to={paths.myBookings} className={buttonClasses('default')}>
        {t('actions.myBookings')}
      </Link>
      <Link to={paths.home} className={buttonClasses('outline')}>
        {t('actions.home')}
      </Link>
    </PaymentResult>
  );
}
