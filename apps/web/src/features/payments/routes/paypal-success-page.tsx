import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { capturePaypalOrder } from '../api/paypal';
import { outcomeOf, PaymentOutcomeView, type PaymentOutcome } from '../components/payment-outcome';

/**
 * /paypal-success?token= — where PayPal returns after approval (the token is the order id). Captures the order
 * once (the server makes a repeated capture harmless); paid shows success, otherwise "Payment is being processed".
 */
export function PaypalSuccessPage() {
  const { t } = useTranslation('payments');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const queryClient = useQueryClient();
  const capture = useMutation({
    mutationFn: capturePaypalOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
  const started = useRef(false);
  const { mutate } = capture;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const outcome: PaymentOutcome = !token
    ? 'error'
    : capture.isError
      ? 'error'
      : capture.data
        ? outcomeOf(capture.data.payment_status)
        : 'verifying';

  useEffect(() => {
    if (outcome === 'success') toast.success(t('toasts.successful'));
    else if (outcome === 'processing') toast.warning(t('processingPayment.message'));
    else if (outcome === 'error' && token) toast.error(t('captureFailed'));
  }, [outcome, t, token]);

  return <PaymentOutcomeView outcome={outcome} />;
}
