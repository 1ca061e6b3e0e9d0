import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** POST /payments/paypal/create-order, returning to /paypal-success or /payment-cancel on this site. */
export const createPaypalOrder = (bookingId: string) =>
  api.payments.paypalCreateOrder(
    bookingId,
    `${window.location.origin}${paths.paypalSuccess}`,
    `${window.location.origin}${paths.paymentCancel}`,
  );

/** POST /bookings/{id}/balance with PayPal (issue 28): an order for the balance, then approved and captured like any. */
export const createBalancePaypalOrder = async (bookingId: string) => {
  const answer = await api.balances.pay(bookingId, {
    payment_method: 'paypal',
    return_url: `${window.location.origin}${paths.paypalSuccess}`,
    cancel_url: `${window.location.origin}${paths.paymentCancel}`,
  });
  if (!('order_id' in answer)) throw new Error('The balance order answered no order id');
  return { order_id: answer.order_id };
};

/** POST /payments/paypal/capture/{order id}: idempotent on the server, so a retry never charges twice. */
export const capturePaypalOrder = (orderId: string) => api.payments.paypalCapture(orderId);
