import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** POST /payments/paypal/create-order, returning to /paypal-success or /payment-cancel on this site. */
export const createPaypalOrder = (bookingId: string) =>
  api.payments.paypalCreateOrder(
    bookingId,
    `${window.location.origin}${paths.paypalSuccess}`,
    `${window.location.origin}${paths.paymentCancel}`,
  );

/** POST /payments/paypal/capture/{order id}: idempotent on the server, so a retry never charges twice. */
export const capturePaypalOrder = (orderId: string) => api.payments.paypalCapture(orderId);
