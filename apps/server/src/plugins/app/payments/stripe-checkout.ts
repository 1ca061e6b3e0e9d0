import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PaymentStatusResponse } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { findBooking } from '../bookings/booking-lifecycle.ts';
import type { BookingRow, BookingView } from '../bookings/bookings-repository.ts';
import { localisedText } from '../content/translations.ts';
import type { PaymentContext } from './payment-context.ts';
import { notConfigured, notPayable, providerFailed } from './provider-access.ts';
import { assertPayable, balancePaymentStatus, paymentStatusOf, type ReceivedPayment, type SettlementOutcome } from './settlement.ts';
import { balanceOpen, dueAtBookingCents } from '../balances/balance-schedule.ts';
import { isSignatureError, isStripeError, type SessionState, type StripeEvent, type StripeGateway } from './stripe-gateway.ts';

/** Stripe accepts a Checkout Session's `expires_at` 30 minutes to 24 hours ahead. */
const STRIPE_MIN_EXPIRY_MS = 31 * 60_000;
const STRIPE_MAX_EXPIRY_MS = 23 * 60 * 60_000 + 55 * 60_000;
const STRIPE_HANDLED_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']);
/** Events about refunds: the refunds they name are asked about now (the event's body is only a pointer). */
const STRIPE_REFUND_EVENTS = new Set(['refund.updated', 'refund.failed', 'charge.refunded']);
/** Where Stripe sends the guest back after paying a session. */
export const successUrl = (base: string, sessionId: string) => `${base}/payment-success?session_id=${encodeURIComponent(sessionId)}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StripeCheckoutOptions extends PaymentContext {
  stripe: StripeGateway;
}

/** Card payments through Stripe Checkout: opening a session, the status poll, and the webhook. */
export class StripeCheckout {
  constructor(private readonly options: StripeCheckoutOptions) {}

  private view(bookingId: string): Promise<BookingView> {
    return findBooking(this.options.bookings, bookingId);
  }

  /**
   * Opens (or reuses) the booking's Checkout Session: EUR, the server's total, the booking id in metadata, return
   * URLs on this site, expiring with the hold, which is stretched to Stripe's 30-minute minimum but never past its
   * ceiling (creation + hold minutes + 30). When less than that minimum is left below the ceiling, the session keeps
   * Stripe's minimum and outlives the hold: the hold job releases the booking at its end and expires the session then,
   * and a payment made in between is a late payment (confirmed if the nights are still free, refunded otherwise).
   * At most one open session per booking, so a guest can never pay twice.
   */
  async start(user: UserRow, bookingId: string, hostUrl?: string, options: { saveCard?: boolean } = {}): Promise<{ url: string }> {
    const { providers, payments } = this.options;
    const base = this.options.returnUrls.base(hostUrl);
    const view = await this.view(bookingId);
    assertPayable(view, user, 'stripe');
    const key = await providers.stripeKey();

    const reusable = await this.reusableSession(key, bookingId, 'booking');
    if (reusable) return { url: reusable.paid || reusable.status === 'complete' ? successUrl(base, reusable.id) : reusable.url! };

    const { booking } = view;
    const now = Date.now();
    const holdEnd = booking.holdExpiresAt?.getTime() ?? 0;
    const ceiling = this.options.lifecycle.holdCeiling(booking).getTime();
    const wanted = Math.min(Math.max(holdEnd, now + STRIPE_MIN_EXPIRY_MS), ceiling);
    const expiresAt = new Date(Math.min(Math.max(wanted, now + STRIPE_MIN_EXPIRY_MS), now + STRIPE_MAX_EXPIRY_MS));
    const session = await this.createSession(key, view, base, {
      amountCents: dueAtBookingCents(booking),
      purpose: 'booking',
      expiresAt,
      // The card is saved only when a balance follows (and the guest asked).
      saveCard: options.saveCard === true && booking.balanceCents > 0,
    });

    // Claim: the first session recorded for the booking wins; a concurrent request's session is expired unseen.
    const claim = await this.options.db.transaction(async (tx) => {
      const locked = await this.options.bookings.lock(tx, bookingId);
      if (!locked || locked.booking.status !== 'pending' || !locked.holdActive) return { won: false as const };
      const [other] = await payments.openAttempts(bookingId, 'stripe', 'booking', tx);
      if (other?.url) return { won: false as const, url: other.url };
      await payments.insertAttempt(tx, {
        bookingId,
        provider: 'stripe',
        externalId: session.id,
        amountCents: dueAtBookingCents(booking),
        url: session.url,
        expiresAt: session.expiresAt,
      });
      await payments.recordCheckoutSession(tx, bookingId, session.id);
      await this.options.lifecycle.extendHold(tx, bookingId, session.expiresAt);
      return { won: true as const };
    });
    if (!claim.won) {
      await this.expireUnused(key, session.id);
      if (claim.url) return { url: claim.url };
      throw notPayable('The hold on these dates has expired; please book again');
    }
    if (!session.url) throw providerFailed('Stripe answered without a checkout address');
    return { url: session.url };
  }

  /**
   * Opens a Checkout Session for the booking's deposit or total (`booking`) or its balance: EUR, the amount the server
   * says, the booking id and purpose in metadata, return URLs on this site.
   */
  async createSession(
    key: string,
    view: BookingView,
    base: string,
    pay: { amountCents: number; purpose: 'booking' | 'balance'; expiresAt: Date; saveCard?: boolean },
  ): Promise<SessionState> {
    const { booking } = view;
    const language = (LANGUAGES as readonly string[]).includes(booking.language) ? (booking.language as Language) : DEFAULT_LANGUAGE;
    return this.options.providers.call('stripe.checkout.sessions.create', () =>
      this.options.stripe.createCheckoutSession(key, {
        bookingId: booking.id,
        amountCents: pay.amountCents,
        productName: `Room ${view.roomNumber} · ${localisedText(view.propertyName, view.propertyTranslations, 'name', language).text}`,
        description: `${pay.purpose === 'balance' ? 'Balance · ' : ''}${booking.startDate} → ${booking.endDate}`,
        customerEmail: booking.userEmail,
        language,
        successUrl: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/payment-cancel`,
        expiresAt: pay.expiresAt,
        purpose: pay.purpose,
        saveCard: pay.saveCard,
      }),
    );
  }

  /** A session opened but not kept (another request's won): expired unseen, so nobody pays it. */
  async expireUnused(key: string, sessionId: string): Promise<void> {
    await this.options.stripe.expireSession(key, sessionId).catch((error: unknown) => {
      this.options.log.warn({ err: error, sessionId }, 'could not expire an unused checkout session');
    });
  }

  /** The booking's open session for `purpose`, if any: still payable (or already paid / processing). Expired ones are closed. */
  async reusableSession(key: string, bookingId: string, purpose: 'booking' | 'balance'): Promise<SessionState | undefined> {
    for (const attempt of await this.options.payments.openAttempts(bookingId, 'stripe', purpose)) {
      const session = await this.options.providers.call('stripe.checkout.sessions.retrieve', () =>
        this.options.stripe.retrieveSession(key, attempt.externalId),
      );
      if (session.paid) {
        await this.settle(session);
        return session;
      }
      if (session.status === 'open' || session.status === 'complete') return session;
      await this.options.payments.closeAttempt('stripe', attempt.externalId);
    }
    return undefined;
  }

  /** The status poll of /payment-success: re-reads the session and confirms the booking once Stripe says paid. */
  async status(user: UserRow, sessionId: string): Promise<PaymentStatusResponse> {
    const attempt = await this.options.payments.attemptOf('stripe', sessionId);
    if (!attempt) throw notFound('booking_not_found', 'No payment with this id');
    const { bookingId, purpose } = attempt;
    const view = await this.view(bookingId);
    if (view.booking.userId !== user.id && user.role !== 'admin') throw forbidden('This payment belongs to someone else');
    const statusOf = (booking: BookingRow, provider?: { expired?: boolean; processing?: boolean }, holdActive?: boolean) =>
      purpose === 'balance' ? balancePaymentStatus(booking, provider) : paymentStatusOf(booking, provider, holdActive);
    if (purpose === 'balance' ? !balanceOpen(view.booking) : view.booking.status === 'confirmed' || view.booking.refundStatus) {
      return { payment_status: statusOf(view.booking) };
    }

    const key = await this.options.providers.stripeKey();
    const session = await this.options.providers.call('stripe.checkout.sessions.retrieve', () => this.options.stripe.retrieveSession(key, sessionId));
    if (session.paid) {
      await this.settle(session);
      return { payment_status: statusOf((await this.view(bookingId)).booking) };
    }
    if (session.status === 'expired') await this.options.payments.closeAttempt('stripe', sessionId);
    const provider = { expired: session.status === 'expired', processing: session.status === 'complete' };
    return { payment_status: statusOf(view.booking, provider, view.holdActive) };
  }

  /** Settles a paid session in its own transaction, then starts its refund if one is owed. */
  async settle(session: SessionState): Promise<SettlementOutcome> {
    const payment = await this.paymentOf(session);
    if (!payment) return { outcome: 'unknown_booking' };
    return this.options.settlement.settleNow(payment);
  }

  /** The payment a paid session made; with the card it saved for the balance, when the guest asked (decision 0044). */
  private async paymentOf(session: SessionState): Promise<ReceivedPayment | undefined> {
    if (!session.bookingId || !UUID.test(session.bookingId)) {
      this.options.log.warn({ sessionId: session.id }, 'paid checkout session without a booking id');
      return undefined;
    }
    let savedCard: ReceivedPayment['savedCard'];
    if (session.customerId && session.paymentReference) {
      const paymentMethodId = await this.options.stripe.paymentMethodOf(await this.options.providers.stripeKey(), session.paymentReference);
      if (paymentMethodId) savedCard = { customerId: session.customerId, paymentMethodId };
    }
    return {
      provider: 'stripe',
      bookingId: session.bookingId,
      reference: session.paymentReference ?? session.id,
      amountCents: session.amountCents,
      currency: session.currency,
      externalId: session.id,
      ...(savedCard && { savedCard }),
    };
  }

  /**
   * POST /payments/webhook/stripe: the signature is checked on the raw body; the session is re-read from Stripe
   * (only its `payment_status` is trusted); the event id is recorded in the same transaction as its effect, so a
   * repeated or concurrent delivery takes effect once.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: boolean; duplicate?: boolean }> {
    const { key, webhookSecret } = await this.options.providers.stripeWebhookSecrets();
    if (!signature) throw badRequest('invalid_signature', 'Missing Stripe-Signature header');
    let event: StripeEvent;
    try {
      event = await this.options.stripe.constructEvent(rawBody, signature, webhookSecret);
    } catch (error) {
      if (isSignatureError(error)) throw badRequest('invalid_signature', 'The webhook signature does not match');
      throw badRequest('validation_error', 'Unreadable webhook body');
    }
    if (STRIPE_REFUND_EVENTS.has(event.type)) {
      await this.refundEvent(event);
      return { received: true };
    }
    if (!STRIPE_HANDLED_EVENTS.has(event.type)) return { received: true };

    const object = event.data.object as { id?: unknown; object?: unknown };
    if (typeof object.id !== 'string' || object.object !== 'checkout.session') return { received: true };
    if (!key) throw notConfigured('Card');
    let session: SessionState;
    try {
      session = await this.options.stripe.retrieveSession(key, object.id);
    } catch (error) {
      // Not ours (another integration on the same account) or Stripe unreachable: Stripe retries on a non-2xx.
      if (isStripeError(error) && (error as { statusCode?: number }).statusCode === 404) return { received: true };
      this.options.log.warn({ err: error, eventId: event.id }, 'could not re-read the checkout session of a webhook');
      throw providerFailed();
    }
    const bookingId = session.bookingId && UUID.test(session.bookingId) ? session.bookingId : null;

    const result = await this.options.db.transaction(async (tx) => {
      const fresh = await this.options.payments.recordWebhookEvent(tx, { provider: 'stripe', eventId: event.id, eventType: event.type, bookingId });
      if (!fresh) return { duplicate: true as const };
      if (!bookingId) return { duplicate: false as const };
      if (event.type === 'checkout.session.expired') {
        if (!session.paid) await this.releaseForExpiredSession(tx, bookingId, session.id);
        return { duplicate: false as const };
      }
      const payment = session.paid ? await this.paymentOf(session) : undefined;
      return { duplicate: false as const, outcome: payment ? await this.options.settlement.settle(tx, payment) : undefined };
    });
    if ('outcome' in result && result.outcome) await this.options.settlement.afterSettle(result.outcome);
    return result.duplicate ? { received: true, duplicate: true } : { received: true };
  }

  /** A refund (refund.updated / refund.failed) or a charge's refunds (charge.refunded) changed at Stripe. */
  private async refundEvent(event: StripeEvent): Promise<void> {
    const object = event.data.object as { id?: unknown; object?: unknown; payment_intent?: unknown };
    if (object.object === 'refund' && typeof object.id === 'string') {
      await this.options.refunds.providerReported('stripe', { refundId: object.id });
    } else if (object.object === 'charge' && typeof object.payment_intent === 'string') {
      await this.options.refunds.providerReported('stripe', { paymentReference: object.payment_intent });
    }
  }

  /** A session expired at Stripe: its attempt is closed and, if it was the booking's current one, the hold released. */
  async releaseForExpiredSession(tx: Executor, bookingId: string, sessionId: string): Promise<void> {
    await this.options.payments.closeAttempt('stripe', sessionId, tx);
    await this.options.lifecycle.releaseForSession(tx, bookingId, sessionId);
  }
}
