import { awaitsApproval } from '@roomweek/contract';
import { Building } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import type { PaymentStepProps } from './payment-step';
import { PaymentAction } from './payment-action';

/** docs/behaviour.md §9: after an on-site booking, the user lands on their bookings 2 seconds later. */
export const ON_SITE_REDIRECT_MS = 2000;

export function OnSitePayment({ stay, beginBooking }: PaymentStepProps) {
  const { t } = useTranslation(['common', 'payments']);
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'booking' | 'booked' | 'requested'>('idle');

  useEffect(() => {
    if (state !== 'booked' && state !== 'requested') return;
    const timer = window.setTimeout(() => navigate(paths.myBookings), ON_SITE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state, navigate]);

  const book = async () => {
    setState('booking');
    const booking = await beginBooking('on_site');
    if (booking && awaitsApproval(booking)) {
      // The owner approves on-site bookings first (docs/decisions/0029).
      toast.success(t('toasts.bookingRequested'));
      setState('requested');
    } else if (booking) {
      toast.success(t('toasts.bookingCreated'));
      setState('booked');
    } else {
      setState('idle');
    }
  };

  return (
    <PaymentAction icon={Building} description={t('payment.onSite.description')} onPress={() => void book()} disabled={state !== 'idle'} waiting={!stay}>
      {state === 'booking'
        ? t('payment.processing')
        : state === 'booked'
          ? t('payment.onSite.booked')
          : state === 'requested'
            ? t('payment.onSite.requested')
            : t('payment.onSite.button')}
    </PaymentAction>
  );
}
