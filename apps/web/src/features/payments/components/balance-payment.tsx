import type { Booking } from '@roomweek/contract';
import { CreditCard, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePublicConfig } from '@/config/public-config';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { startBalanceCheckout } from '../api/checkout';
import { createBalancePaypalOrder } from '../api/paypal';
import { redirectTo } from './card-payment';
import { PAYMENT_NAMESPACES } from './payment-step';
import { PaypalButtons } from './paypal-payment';

/**
 * Issue 28: the guest pays the balance of a booking (POST /bookings/{id}/balance) as they paid its deposit: by card, the
 * browser goes to the Checkout Session's page; with PayPal, PayPal's buttons approve the order and the server captures it.
 */
export function BalancePayment({ booking }: { booking: Booking }) {
  // `payments` first, then `common` for the API's error codes (`errors.<code>`).
  const { t, i18n } = useTranslation(PAYMENT_NAMESPACES);
  const { config, ready } = usePublicConfig();
  const [state, setState] = useState<'idle' | 'working' | 'redirecting' | 'paypal'>('idle');
  const language = i18n.language;
  const cardOn = config.stripe_enabled;
  const paypalOn = config.paypal_enabled && Boolean(config.paypal_client_id);

  const payByCard = async () => {
    setState('working');
    try {
      const url = await startBalanceCheckout(booking.id);
      setState('redirecting');
      redirectTo.assign(url);
    } catch (error) {
      toast.error(errorMessage(t, error, 'balance.failed'));
      setState('idle');
    }
  };

  const title = t('balance.title', {
    amount: formatPrice(booking.balance_amount, language),
    date: booking.balance_due_date ? formatDate(booking.balance_due_date, language) : '',
  });
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50/40 p-4"
      data-testid="balance-payment"
    >
      <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
      {ready && !cardOn && !paypalOn ? <p className="text-sm text-stone-600">{t('balance.unavailable')}</p> : null}
      {state === 'paypal' ? (
        <PaypalButtons
          createOrder={() => createBalancePaypalOrder(booking.id)}
          clientId={config.paypal_client_id}
          onNotPayable={() => setState('idle')}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {cardOn ? (
            <Button size="sm" onClick={() => void payByCard()} disabled={state !== 'idle'}>
              <CreditCard aria-hidden="true" />
              {state === 'redirecting' ? t('card.redirecting') : state === 'working' ? t('processing') : t('balance.card')}
            </Button>
          ) : null}
          {paypalOn ? (
            <Button size="sm" variant="outline" onClick={() => setState('paypal')} disabled={state !== 'idle'}>
              <Wallet aria-hidden="true" />
              {t('balance.paypal')}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
