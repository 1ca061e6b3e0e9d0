import { PAYMENT_METHODS, type Booking, type PaymentMethod } from '@roomweek/contract';
import { Building, CreditCard, Wallet } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { OnSitePayment } from './on-site-payment';
import type { PaymentPanelProps, PaymentStepProps } from './payment-step';

const ICONS = { stripe: CreditCard, paypal: Wallet, on_site: Building } as const;

/** Which stay a payment is for: other dates are a new stay, and a new payment. */
const stayKeyOf = (stay: PaymentStepProps['stay']) => (stay ? `${stay.arrival}_${stay.departure}` : null);

/**
 * The card and PayPal panels (their API calls, PayPal's SDK loader) are downloaded apart from the room page: only once
 * dates are chosen (see PaymentTabs), or when their tab is opened. On site, the first tab, comes with the page.
 */
const loadCard = () => import('./card-payment');
const loadPaypal = () => import('./paypal-payment');

/** Each method's panel gets the same props, so the payments work can swap a panel without touching the page. */
const PANELS: Record<PaymentMethod, ComponentType<PaymentPanelProps>> = {
  stripe: lazy(() => loadCard().then((module) => ({ default: module.CardPayment }))),
  paypal: lazy(() => loadPaypal().then((module) => ({ default: module.PaypalPayment }))),
  on_site: OnSitePayment,
};

/** The payment-method tabs of the booking page: card (stripe), PayPal, on site. */
export function PaymentTabs(props: PaymentStepProps) {
  const { t } = useTranslation(['common', 'payments']);
  const [method, setMethod] = useState<PaymentMethod>('on_site');
  const panelProps = useHeldBooking(props);
  // A new stay starts a new payment: the key drops the panel's state for the previous one (the method tab stays).
  const stayKey = stayKeyOf(props.stay) ?? 'none';
  const chosen = props.stay !== null;
  useEffect(() => {
    // Dates chosen: the next step is paying, so the other panels' code comes now, while the guest reads the summary.
    // In a task of its own: the effects of a click's render run inside the click's task, which asking for the chunks
    // (Vite adds a preload link for each of their imports) would lengthen.
    if (!chosen) return undefined;
    const timer = setTimeout(() => void Promise.all([loadCard(), loadPaypal()]).catch(() => {}), 0);
    return () => clearTimeout(timer);
  }, [chosen]);
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
              <Suspense fallback={<Skeleton className="h-24 w-full" />}>
                <Panel key={stayKey} {...panelProps} />
              </Suspense>
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
 * server re-uses the guest's own hold on these dates with the new method (docs/behaviour.md §4). Other dates are a
 * new stay: its booking is made anew.
 */
function useHeldBooking({ stay, beginBooking, balance }: PaymentStepProps): PaymentPanelProps {
  const held = useRef<{ booking: Booking; stay: string } | null>(null);
  const stayKey = stayKeyOf(stay);
  const begin = useCallback(
    async (method: PaymentMethod) => {
      const previous = held.current;
      if (previous && previous.stay === stayKey && previous.booking.payment_method === method) return previous.booking;
      held.current = null;
      const booking = await beginBooking(method);
      if (booking?.status === 'pending' && stayKey) held.current = { booking, stay: stayKey };
      return booking;
    },
    [beginBooking, stayKey],
  );
  const forgetBooking = useCallback(() => {
    held.current = null;
  }, []);
  return { stay, beginBooking: begin, forgetBooking, balance };
}
