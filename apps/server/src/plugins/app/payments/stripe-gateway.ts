import type Stripe from 'stripe';
import type { ProviderRefund, ProviderRefundRequest, RefundProvider } from './refund-provider.ts';
import type { Language } from '@roomweek/contract';

export type CheckoutSession = Stripe.Checkout.Session;
export type StripeEvent = Stripe.Event;

export interface NewCheckoutSession {
  bookingId: string;
  amountCents: number;
  productName: string;
  description: string;
  customerEmail: string;
  language: Language;
  successUrl: string;
  cancelUrl: string;
  /** When Stripe stops accepting the payment: the hold's end (30 min to 24 h ahead, Stripe's bounds). */
  expiresAt: Date;
  /** What it pays (our attempt's purpose), in the metadata for whoever reads the payment at Stripe. */
  purpose: 'booking' | 'balance';
  /** Save the card for the balance: a customer, and the PaymentIntent set up for off-session use (decision 0044). */
  saveCard?: boolean;
}

/** A balance charged on a saved card, the guest away (decision 0044). */
export interface OffSessionCharge {
  bookingId: string;
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
  description: string;
  /** One per booking and try: a retried call answers the first charge instead of charging again. */
  idempotencyKey: string;
}

/** What an off-session charge came to: paid, or refused (declined, or the bank asks for the guest: authentication). */
export type OffSessionOutcome =
  | { state: 'succeeded'; paymentIntentId: string; amountCents: number; currency: string }
  | { state: 'refused'; code: string; paymentIntentId: string | null };

/** What we keep of a session: only Stripe's own `payment_status` says whether the money arrived. */
export interface SessionState {
  id: string;
  bookingId: string | undefined;
  /** open, complete or expired. */
  status: string;
  paid: boolean;
  amountCents: number | null;
  currency: string | null;
  /** The PaymentIntent id: what a refund needs. */
  paymentReference: string | null;
  url: string | null;
  expiresAt: Date;
  /** The customer Stripe created when the card was saved for later (null otherwise). */
  customerId: string | null;
}

export function sessionState(session: CheckoutSession): SessionState {
  const intent = session.payment_intent;
  return {
    id: session.id,
    bookingId: session.metadata?.booking_id ?? session.client_reference_id ?? undefined,
    status: session.status ?? 'open',
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total,
    currency: session.currency,
    paymentReference: typeof intent === 'string' ? intent : (intent?.id ?? null),
    url: session.url,
    expiresAt: new Date(session.expires_at * 1000),
    customerId: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
  };
}

/** The SDK, loaded when a site first talks to Stripe rather than at start (about 20 MB a site without cards never needs; issue 25). */
let sdk: typeof Stripe | undefined;
async function loadStripe(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

/**
 * Stripe through its official SDK. One client per secret key (the key can change in the admin's settings);
 * `STRIPE_API_URL` points the SDK at another host (tests run a local fake).
 */
export class StripeGateway implements RefundProvider<string> {
  private readonly clients = new Map<string, Stripe>();
  private readonly endpoint: Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

  constructor(apiUrl?: string) {
    if (apiUrl) {
      const url = new URL(apiUrl);
      this.endpoint = {
        host: url.hostname,
        port: url.port || (url.protocol === 'http:' ? 80 : 443),
        protocol: url.protocol === 'http:' ? 'http' : 'https',
      };
    } else {
      this.endpoint = {};
    }
  }

  private async client(secretKey: string): Promise<Stripe> {
    let client = this.clients.get(secretKey);
    if (!client) {
      const StripeSdk = await loadStripe();
      // The SDK retries network failures and 409/5xx with an idempotency key of its own, so a retry never doubles a write.
      client = new StripeSdk(secretKey, { ...this.endpoint, maxNetworkRetries: 2, timeout: 15_000, telemetry: false });
      if (this.clients.size > 4) this.clients.clear();
      this.clients.set(secretKey, client);
    }
    return client;
  }

  async createCheckoutSession(secretKey: string, checkout: NewCheckoutSession): Promise<SessionState> {
    const session = await (await this.client(secretKey)).checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: checkout.amountCents,
            product_data: { name: checkout.productName, description: checkout.description },
          },
        },
      ],
      metadata: { booking_id: checkout.bookingId, purpose: checkout.purpose },
      payment_intent_data: {
        metadata: { booking_id: checkout.bookingId, purpose: checkout.purpose },
        ...(checkout.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      },
      ...(checkout.saveCard ? { customer_creation: 'always' as const } : {}),
      client_reference_id: checkout.bookingId,
      customer_email: checkout.customerEmail,
      locale: checkout.language,
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
    });
    return sessionState(session);
  }

  async retrieveSession(secretKey: string, sessionId: string): Promise<SessionState> {
    return sessionState(await (await this.client(secretKey)).checkout.sessions.retrieve(sessionId));
  }

  /** The card a paid PaymentIntent was made with (what an off-session charge reuses). */
  async paymentMethodOf(secretKey: string, paymentIntentId: string): Promise<string | null> {
    const intent = await (await this.client(secretKey)).paymentIntents.retrieve(paymentIntentId);
    const method = intent.payment_method;
    return typeof method === 'string' ? method : (method?.id ?? null);
  }

  /**
   * Charges a saved card with the guest away (`off_session`, confirmed at once). A decline or a bank asking for the
   * guest (`authentication_required`) is an answer, not a failure: the caller turns it into a reminder.
   */
  async chargeOffSession(secretKey: string, charge: OffSessionCharge): Promise<OffSessionOutcome> {
    const client = await this.client(secretKey);
    try {
      const intent = await client.paymentIntents.create(
        {
          amount: charge.amountCents,
          currency: 'eur',
          customer: charge.customerId,
          payment_method: charge.paymentMethodId,
          off_session: true,
          confirm: true,
          description: charge.description,
          metadata: { booking_id: charge.bookingId, purpose: 'balance' },
        },
        { idempotencyKey: charge.idempotencyKey },
      );
      if (intent.status === 'succeeded') {
        return { state: 'succeeded', paymentIntentId: intent.id, amountCents: intent.amount_received || intent.amount, currency: intent.currency };
      }
      return { state: 'refused', code: intent.status, paymentIntentId: intent.id };
    } catch (error) {
      if (sdk && error instanceof sdk.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
        return { state: 'refused', code: error.code ?? 'card_declined', paymentIntentId: intent?.id ?? null };
      }
      throw error;
    }
  }

  /** Closes an open session so nobody can pay it any more; answers the session as it is afterwards. */
  async expireSession(secretKey: string, sessionId: string): Promise<SessionState> {
    try {
      return sessionState(await (await this.client(secretKey)).checkout.sessions.expire(sessionId));
    } catch (error) {
      // Already complete or expired: Stripe refuses; what counts is the session's state now.
      if (sdk && error instanceof sdk.errors.StripeInvalidRequestError) return this.retrieveSession(secretKey, sessionId);
      throw error;
    }
  }

  /** Refunds `amountCents` of a PaymentIntent; the idempotency key (one per refund of ours) makes a retry a no-op at Stripe. */
  async refund(secretKey: string, refund: ProviderRefundRequest): Promise<ProviderRefund> {
    const created = await (await this.client(secretKey)).refunds.create(
      {
        payment_intent: refund.paymentReference,
        amount: refund.amountCents,
        reason: 'requested_by_customer',
        metadata: { [REFUND_KEY_METADATA]: refund.idempotencyKey },
      },
      { idempotencyKey: refund.idempotencyKey },
    );
    return { id: created.id, state: stripeRefundState(created.status) };
  }

  /** Where a refund Stripe was still processing stands now. */
  async retrieveRefund(secretKey: string, refundId: string): Promise<ProviderRefund> {
    const refund = await (await this.client(secretKey)).refunds.retrieve(refundId);
    return { id: refund.id, state: stripeRefundState(refund.status) };
  }

  /**
   * Our refund among the payment's refunds at Stripe, found by the key its metadata carries; null when Stripe has none
   * (asked before a refund whose calls all failed is given up: one of them may have gone through).
   */
  async findRefund(secretKey: string, refund: ProviderRefundRequest): Promise<ProviderRefund | null> {
    for await (const found of (await this.client(secretKey)).refunds.list({ payment_intent: refund.paymentReference, limit: 100 })) {
      if (found.metadata?.[REFUND_KEY_METADATA] === refund.idempotencyKey) return { id: found.id, state: stripeRefundState(found.status) };
    }
    return null;
  }

  /** Checks the `Stripe-Signature` header over the raw body; throws when it does not match or is too old. */
  async constructEvent(payload: Buffer, signature: string, webhookSecret: string): Promise<StripeEvent> {
    return (await this.client('sk_webhook_only')).webhooks.constructEvent(payload, signature, webhookSecret);
  }
}

/** The metadata key of a refund we send: our idempotency key, so the payment's refunds can be searched for it. */
const REFUND_KEY_METADATA = 'roomweek_refund';

/** Stripe's refund statuses: succeeded; failed or canceled (no money moved); pending or requires_action (still on its way). */
function stripeRefundState(status: string | null): ProviderRefund['state'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** An error the SDK threw (none can have been thrown before it was loaded). */
export const isSignatureError = (error: unknown) => sdk !== undefined && error instanceof sdk.errors.StripeSignatureVerificationError;
export const isStripeError = (error: unknown) => sdk !== undefined && error instanceof sdk.errors.StripeError;
