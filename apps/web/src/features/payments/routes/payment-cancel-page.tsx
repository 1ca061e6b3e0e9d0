import { CircleX } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { PaymentResult } from '../components/payment-result';

/** The payment provider sends the user here when they give up: nothing was charged. Try Again goes back one page. */
export function PaymentCancelPage() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  return (
    <PaymentResult icon={CircleX} tone="neutral" title={t('cancel.title')} message={t('cancel.message')}>
      <Button onClick={() => void navigate(-1)}>{t('cancel.tryAgain')}</Button>
      <Link to={paths.home} className={buttonClasses('outline')}>
        {t('actions.home')}
      </Link>
    </PaymentResult>
  );
}
