import { api } from '@/lib/api-client';

/**
 * POST /payments/checkout: opens (or reuses) the Stripe Checkout Session of a pending card booking. The
 * server builds the return URLs on this origin, which it accepts only if it is one of the site's.
 */
export const startCheckout = (bookingId: string) => api.payments.checkout(bookingId, window.location.origin);
