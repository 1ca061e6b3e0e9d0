import type { Booking, PaymentStatus } from '@roomweek/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/config/public-config';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { capturePaypalOrder, createPaypalOrder } from '../api/paypal';
import { loadPaypalSdk, type PaypalButtonsInstance } from '../utils/paypal-sdk';
import { Unavailable } from './card-payment';
import { PAYMENT_NAMESPACES, type PaymentPanelProps } from './payment-step';
import { PaymentAction } from './payment-action';

/**
 * PayPal (docs/behaviour.md §4): pressing pay creates the pending booking; then PayPal's buttons (its JS SDK, loaded only
 * now) create an order and, once the payer approves, the server captures it and the user goes to their bookings.
 */
export function PaypalPayment({ stay, beginBooking, forgetBooking }: PaymentPanelProps) {
  const { t } = useTranslation('payments');
  const { config, ready } = usePublicConfig();
  const [booking, setBooking] = useState<Booking | null>(null);
  const [working, setWorking] = useState(false);

  if (ready && (!config.paypal_enabled || !config.paypal_client_id)) return <Unavailable message={t('paypal.unavailable')} />;

  const start = async () => {
    setWorking(true);
    const created = await beginBooking('paypal');
    setWorking(false);
    if (created) setBooking(created);
  };

  if (booking) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-stone-700">{t('paypal.held')}</p>
        <PaypalButtons
          createOrder={() => createPaypalOrder(booking.id)}
          clientId={config.paypal_client_id}
          onNotPayable={() => {
            forgetBooking?.();
            setBooking(null);
          }}
        />
      </div>
    );
  }

  return (
    <PaymentAction icon={Wallet} description={t('paypal.description')} onPress={() => void start()} disabled={working || !ready} waiting={!stay}>
      {working ? t('processing') : t('paypal.button')}
    </PaymentAction>
  );
}

/** What the user is told after a capture, by the status the server answers. */
function announceCapture(t: (key: string) => string, status: PaymentStatus) {
  if (status === 'paid') toast.success(t('toasts.successful'));
  else if (status === 'pending' || status === 'unpaid') toast.warning(t('processingPayment.message'));
  else if (status === 'refund_pending') toast.error(t('refund.pending'));
  else if (status === 'refunded') toast.error(t('refund.done'));
  else if (status === 'expired') toast.error(t('expired.message'));
  else toast.error(t('cancelled.message'));
}

/**
 * PayPal's buttons: `createOrder` makes the order (the booking's payment, or its balance), which the payer approves and the
 * server captures; then the user goes to their bookings.
 */
export function PaypalButtons({
  createOrder,
  clientId,
  onNotPayable,
}: {
  createOrder: () => Promise<{ order_id: string }>;
  clientId: string;
  onNotPayable: () => void;
}) {
  // `payments` first, then `common` for the API's error codes (`errors.<code>`).
  const { t } = useTranslation(PAYMENT_NAMESPACES);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  // PayPal keeps the callbacks it was rendered with: they read the latest render's values through this ref.
  const handlers = useRef({
    createOrder: async () => '',
    onApprove: async (_orderId: string) => {},
    onCancel: () => {},
    onError: () => {},
  });
  useEffect(() => {
    handlers.current = {
      createOrder: async () => {
        try {
          return (await createOrder()).order_id;
        } catch (error) {
          toast.error(errorMessage(t, error, 'orderFailed'));
          if (error instanceof ApiError && error.code === 'booking_not_payable') onNotPayable();
          throw error;
        }
      },
      onApprove: async (orderId: string) => {
        try {
          const { payment_status: status } = await capturePaypalOrder(orderId);
          announceCapture(t, status);
          void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
          if (status === 'paid' || status === 'pending' || status === 'unpaid') void navigate(paths.myBookings);
          else onNotPayable();
        } catch (error) {
          toast.error(errorMessage(t, error, 'captureFailed'));
        }
      },
      onCancel: () => toast.info(t('paypal.cancelled')),
      onError: () => toast.error(t('widgetError')),
    };
  });

  useEffect(() => {
    let buttons: PaypalButtonsInstance | undefined;
    let gone = false;
    loadPaypalSdk(clientId)
      .then(async (paypal) => {
        if (gone || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: 'vertical', label: 'pay', shape: 'rect' },
          createOrder: () => handlers.current.createOrder(),
          onApprove: (data) => handlers.current.onApprove(data.orderID),
          onCancel: () => handlers.current.onCancel(),
          onError: () => handlers.current.onError(),
        });
        await buttons.render(container.current);
        if (!gone) setState('ready');
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, attempt]);

  return (
    <div className="flex flex-col gap-2">
      {state === 'loading' ? <Spinner label={t('paypal.loading')} /> : null}
      {state === 'failed' ? (
        <div className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800" role="alert">
          {t('paypal.loadFailed')}
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              setState('loading');
              setAttempt((n) => n + 1);
            }}
          >
            {t('paypal.retry')}
          </Button>
        </div>
      ) : null}
      <div ref={container} data-testid="paypal-buttons" />
    </div>
  );
}
