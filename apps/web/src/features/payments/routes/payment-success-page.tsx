import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PaymentResult } from '../components/payment-result';

/**
 * Return page of card checkout (`?session_id=`). The payment status polling of SPEC §4 comes with the
 * payments work; until then this page only confirms the return.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  return (
    <PaymentResult icon={CircleCheck} tone="success" title={t('payment.success.title')} message={t('payment.success.message')}>
      <Link to={paths.myBookings} className={buttonClasses('default')}>
        {t('nav.myBookings')}
      </Link>
      <Link to={paths.home} className={buttonClasses('outline')}>
        {t('common.backHome')}
      </Link>
    </PaymentResult>
  );
}
