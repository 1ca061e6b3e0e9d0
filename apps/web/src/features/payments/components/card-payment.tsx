import { CreditCard, Info } from 'lucide-react';
import { useState } from 'react';
import { usePublicConfig } from '@/config/public-config';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { startCheckout } from '../api/checkout';
import { PAYMENT_NAMESPACES, type PaymentPanelProps } from './payment-step';
import { PaymentAction } from './payment-action';

/** Where the browser goes to pay; a seam for tests (jsdom cannot navigate away). */
export const redirectTo = { assign: (url: string) => window.location.assign(url) };

/**
 * Card payment (docs/behaviour.md §4): pressing pay creates the pending booking, then the server opens a Stripe Checkout
 * Session and the browser goes to its page. Stripe comes back to /payment-success or /payment-cancel.
 */
export function CardPayment({ stay, beginBooking, forgetBooking, balance }: PaymentPanelProps) {
  // `payments` first, then `common` for the API's error codes (`errors.<code>`).
  const { t, i18n } = useTranslation(PAYMENT_NAMESPACES);
  const { config, ready } = usePublicConfig();
  const [state, setState] = useState<'idle' | 'working' | 'redirecting'>('idle');
  // Issue 28: with a balance left to pay, the card may be kept to charge it on its due date.
  const [saveCard, setSaveCard] = useState(false);

  if (ready && !config.stripe_enabled) return <Unavailable message={t('card.unavailable')} />;

  const pay = async () => {
    setState('working');
    const booking = await beginBooking('stripe');
    if (!booking) {
      setState('idle');
      return;
    }
    try {
      const { url } = await startCheckout(booking.id, Boolean(balance) && saveCard);
      setState('redirecting');
      redirectTo.assign(url);
    } catch (error) {
      // The hold ran out meanwhile: the next press books again.
      if (error instanceof ApiError && error.code === 'booking_not_payable') forgetBooking?.();
      toast.error(errorMessage(t, error, 'card.failed'));
      setState('idle');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {balance ? (
        <label className="flex items-start gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            checked={saveCard}
            onChange={(event) => setSaveCard(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          {t('card.autoCharge', { date: formatDate(balance.dueDate, i18n.language) })}
        </label>
      ) : null}
      <PaymentAction icon={CreditCard} description={t('card.description')} onPress={() => void pay()} disabled={state !== 'idle' || !ready} waiting={!stay}>
        {state === 'redirecting' ? t('card.redirecting') : state === 'working' ? t('processing') : t('card.button')}
      </PaymentAction>
    </div>
  );
}

export function Unavailable({ message }: { message: string }) {
  return (
    <p className="flex gap-2 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-4 text-sm text-stone-700">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
      {message}
    </p>
  );
}
