/**
 * The port a payment provider implements to give money back (stripe-gateway.ts, paypal-gateway.ts); refunds.ts calls
 * it. Declared apart from both so the gateways do not import their caller.
 */

/** What we ask a provider to give back: its payment, how much, and our key for this one refund. */
export interface ProviderRefundRequest {
  /** Stripe PaymentIntent id or PayPal capture id. */
  paymentReference: string;
  amountCents: number;
  /** Derived from our refund's id: a retry, a double click or a second instance never refunds twice. */
  idempotencyKey: string;
}

/** A provider's refund as it stands. */
export interface ProviderRefund {
  id: string;
  state: 'succeeded' | 'pending' | 'failed';
}

/** A provider that refunds its own payments, called with its credentials (a secret key, a client id and secret). */
export interface RefundProvider<Credentials> {
  refund(credentials: Credentials, request: ProviderRefundRequest): Promise<ProviderRefund>;
  retrieveRefund(credentials: Credentials, refundId: string): Promise<ProviderRefund>;
}
