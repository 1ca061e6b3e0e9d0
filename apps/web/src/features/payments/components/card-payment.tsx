import { useTranslation } from 'react-i18next';
import { ComingSoon } from './coming-soon';

/** Card payment through Stripe Checkout — to be completed by the payments work (SPEC §4 booking flow). */
export function CardPayment() {
  const { t } = useTranslation();
  return <ComingSoon method={t('payment.methods.stripe')} />;
}
