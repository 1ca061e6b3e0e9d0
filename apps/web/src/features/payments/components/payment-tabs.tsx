import { PAYMENT_METHODS, type PaymentMethod } from '@roomweek/contract';
import { Building, CreditCard, Wallet } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CardPayment } from './card-payment';
import { OnSitePayment } from './on-site-payment';
import type { PaymentStepProps } from './payment-step';
import { PaypalPayment } from './paypal-payment';

const ICONS = { stripe: CreditCard, paypal: Wallet, on_site: Building } as const;
/** Each method's panel gets the same props, so the payments work can swap a panel without touching the page. */
const PANELS: Record<PaymentMethod, ComponentType<PaymentStepProps>> = {
  stripe: CardPayment,
  paypal: PaypalPayment,
  on_site: OnSitePayment,
};

/** The payment-method tabs of the booking page: card (stripe), PayPal, on site. */
export function PaymentTabs(props: PaymentStepProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PaymentMethod>('on_site');
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
              <Panel {...props} />
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}
