import { useTranslation } from 'react-i18next';
import { ComingSoon } from './coming-soon';

/** PayPal wallet buttons — to be completed by the payments work (SPEC §4 booking flow). */
export function PaypalPayment() {
  const { t } = useTranslation();
  return <ComingSoon method={t('payment.methods.paypal')} />;
}
