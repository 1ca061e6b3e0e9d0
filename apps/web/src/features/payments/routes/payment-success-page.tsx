import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { usePaymentStatusPolling } from '../api/payment-status';
import { outcomeOf, PaymentOutcomeView, type PaymentOutcome } from '../components/payment-outcome';

/**
 * /payment-success?session_id= — where Stripe Checkout returns. Asks the server (which asks Stripe) up to 5 times,
 * 2 seconds apart (docs/behaviour.md §4); a paid status shows success, otherwise a warning that verification takes longer.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation('payments');
  const [searchParams] = useSearchParams();
  const check = usePaymentStatusPolling(searchParams.get('session_id'));

  const outcome: PaymentOutcome =
    check.phase === 'checking' ? 'verifying' : check.phase === 'done' ? outcomeOf(check.status) : check.phase;

  useEffect(() => {
    if (outcome === 'success') toast.success(t('toasts.successful'));
    else if (outcome === 'slow') toast.warning(t('slow.message'));
    else if (outcome === 'error') toast.error(t('error.title'));
  }, [outcome, t]);

  return <PaymentOutcomeView outcome={outcome} />;
}
