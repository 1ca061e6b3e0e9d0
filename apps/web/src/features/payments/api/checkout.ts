import { api } from '@/lib/api-client';

/**
 * POST /payments/checkout: opens (or reuses) the Stripe Checkout Session of a pending card booking. The
 * server builds the return URLs on this origin, which it accepts only if it is one of the site's.
 */
export const startCheckout = (bookingId: string, saveCard = false) => api.payments.checkout(bookingId, window.location.origin, saveCard);

/**
 * POST /bookings/{id}/balance by card (issue 28): the Checkout Session of the balance, coming back to this site like
 * the booking's payment.
 */
export const startBalanceCheckout = async (bookingId: string) => {
  const answer = await api.balances.pay(bookingId, { payment_method: 'stripe', host_url: window.location.origin });
  if (!('url' in answer)) throw new Error('The balance checkout answered no URL');
  return answer.url;
};
