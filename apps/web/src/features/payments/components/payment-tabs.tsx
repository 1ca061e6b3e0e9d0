import { PAYMENT_METHODS, type Booking, type PaymentMethod } from '@roomweek/contract';
import { Building, CreditCard, Wallet } from 'lucide-react';
import { useCallback, useRef, useState, type ComponentType } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTranslation } from '@/lib/i18n';
import { CardPayment } from './card-payment';
import { OnSitePayment } from './on-site-payment';
import type { PaymentPanelProps, PaymentStepProps } from './payment-step';
import { PaypalPayment } from './paypal-payment';

const ICONS = { stripe: CreditCard, paypal: Wallet, on_site: Building } as const;
/** Each method's panel gets the same props, so the payments work can swap a panel without touching the page. */
const PANELS: Record<PaymentMethod, ComponentType<PaymentPanelProps>> = {
  stripe: CardPayment,
  paypal: PaypalPayment,
  on_site: OnSitePayment,
};

/** The payment-method tabs of the booking page: card (stripe), PayPal, on site. */
export function PaymentTabs(props: PaymentStepProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PaymentMethod>('on_site');
  const panelProps = useHeldBooking(props);
  return (
    <section aria-labelledby="payment-title" className="flex flex-col gap-3">
      <h3 id="payment-title" className="font-semibold">
        {t('payment.title')}
      </h3>
      <Tabs value={method} onValueChange={(value) => setMethod(value as PaymentMethod)}>
        <TabsList aria-label={t('payment.title')}>
          {PAYMENT_METHODS.map((value) => {
            const Icon = ICONS[value];
            return (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden="true" />
                {t(`payment.tabs.${value}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {PAYMENT_METHODS.map((value) => {
          const Panel = PANELS[value];
          return (
            <TabsContent key={value} value={value}>
              <Panel {...panelProps} />
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}

/**
 * A card or PayPal booking holds its dates while unpaid. Pressing pay again (after a failed redirect, or back
 * from the provider) reuses that booking instead of clashing with it. Choosing another method books again: the
 * server re-uses the guest's own hold on these dates with the new method (docs/behaviour.md §4).
 */
function useHeldBooking({ stay, beginBooking }: PaymentStepProps): PaymentPanelProps {
  const held = useRef<Booking | null>(null);
  const begin = useCallback(
    async (method: PaymentMethod) => {
      if (held.current?.payment_method === method) return held.current;
      held.current = null;
      const booking = await beginBooking(method);
      if (booking?.status === 'pending') held.current = booking;
      return booking;
    },
    [beginBooking],
  );
  const forgetBooking = useCallback(() => {
    held.current = null;
  }, []);
  return { stay, beginBooking: begin, forgetBooking };
}
