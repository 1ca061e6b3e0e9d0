import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PaymentStatus } from '@roomweek/contract';
import { queryRows, type Database, type Executor } from '../../../db/client.ts';
import { paymentAttempts, paymentRefunds, processedWebhookEvents, type PaymentProvider, type RefundReason } from '../../../db/payments-schema.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound, sqlState } from '../../../lib/errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { lockRoomNights, type BookingsService } from '../bookings/bookings-service.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { PaypalError, type OrderState, type PaypalCredentials, type PaypalGateway } from './paypal-gateway.ts';
import { isSignatureError, isStripeError, type SessionState, type StripeEvent, type StripeGateway } from './stripe-gateway.ts';

type BookingRow = typeof bookings.$inferSelect;

/** A payment the provider reports as done. */
interface ReceivedPayment {
  provider: PaymentProvider;
  bookingId: string;
  /** Stripe PaymentIntent id or PayPal capture id. */
  reference: string;
  amountCents: number | null;
  currency: string | null;
  /** The session or order it came through. */
  externalId: string;
}

type Settlement =
  | { outcome: 'confirmed' | 'already_confirmed' | 'unknown_booking' }
  | { outcome: 'refund'; refundId: string | undefined };

/** Stripe accepts a Checkout Session's `expires_at` 30 minutes to 24 hours ahead. */
const STRIPE_MIN_EXPIRY_MS = 31 * 60_000;
const STRIPE_MAX_EXPIRY_MS = 23 * 60 * 60_000 + 55 * 60_000;
/** How long a PayPal capture may take once started: the hold is (re)taken for at least this long. */
const CAPTURE_HOLD_MINUTES = 10;
const MAX_REFUND_ATTEMPTS = 6;
/** A job asks the provider about one attempt at most this often. */
const ATTEMPT_LEASE_SECONDS = 60;
const STRIPE_HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PaymentsServiceOptions {
  db: Database;
  bookings: BookingsService;
  settings: SettingsService;
  notifier: Notifier;
  stripe: StripeGateway;
  paypal: PaypalGateway;
  publicUrl: string;
  allowedOrigins: string[];
  log: FastifyBaseLogger;
}

const notConfigured = (provider: string) =>
  new AppError(503, 'payment_not_configured', `${provider} payments are not configured on this site`);
const notPayable = (detail: string) => conflict('booking_not_payable', detail);
const providerFailed = (detail = 'The payment provider did not answer; please try again') => new AppError(502, 'payment_failed', detail);

/**
 * Card (Stripe Checkout) and PayPal payments of pending bookings. Every path that learns of a payment — webhook,
 * status poll, capture, reconciliation — goes through `settle`, which is idempotent under a row lock and never
 * puts two bookings on one night: a payment for a released hold whose dates were taken is flagged for refund.
 */
export class PaymentsService {
  /** Origin → configured base URL (PUBLIC_URL may carry a path). */
  private readonly allowedBases = new Map<string, string>();

  constructor(private readonly options: PaymentsServiceOptions) {
    for (const entry of options.allowedOrigins) {
      try {
        const origin = new URL(entry).origin;
        if (!this.allowedBases.has(origin)) this.allowedBases.set(origin, entry.replace(/\/+$/, ''));
      } catch {
        // A malformed ALLOWED_ORIGINS entry allows nothing.
      }
    }
  }

  private get db() {
    return this.options.db;
  }

  private get log() {
    return this.options.log;
  }

  // ---------------------------------------------------------------- return URLs (no open redirect)

  /** The site base for return URLs: PUBLIC_URL, or the browser's `host_url` when it is one of the allowed origins. */
  returnBase(hostUrl: string | undefined, field = 'host_url'): string {
    if (!hostUrl) return this.options.publicUrl;
    const base = this.allowedBases.get(this.originOf(hostUrl, field));
    if (!base) throw badRequest('invalid_return_url', 'This return address is not one of this site', field);
    return base;
  }

  /** A full return URL sent by the browser, accepted only on an allowed origin; the default path otherwise. */
  private returnUrl(input: string | undefined, defaultPath: string, field: string): string {
    if (!input) return `${this.options.publicUrl}${defaultPath}`;
    if (!this.allowedBases.has(this.originOf(input, field))) {
      throw badRequest('invalid_return_url', 'This return address is not one of this site', field);
    }
    return input;
  }

  private originOf(input: string, field: string): string {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw badRequest('invalid_return_url', 'Expected an absolute URL', field);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
      throw badRequest('invalid_return_url', 'This return address is not one of this site', field);
    }
    return url.origin;
  }

  // ---------------------------------------------------------------- credentials

  private async stripeKey(): Promise<string> {
    const key = (await this.options.settings.paymentCredentials()).stripeSecretKey;
    if (!key) throw notConfigured('Card');
    return key;
  }

  private async paypalCredentials(): Promise<PaypalCredentials> {
    const credentials = await this.options.settings.paymentCredentials();
    if (!credentials.paypalClientId || !credentials.paypalSecret) throw notConfigured('PayPal');
    return { clientId: credentials.paypalClientId, secret: credentials.paypalSecret, mode: credentials.paypalMode };
  }

  /** Runs a provider call; a network failure or refusal becomes 502 payment_failed (or 402 when the payer was declined). */
  private async provider<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.log.warn({ err: error, call: what }, 'payment provider call failed');
      if (error instanceof PaypalError && error.issue === 'INSTRUMENT_DECLINED') {
        throw new AppError(402, 'payment_failed', 'The payment method was declined; please choose another one');
      }
      if (error instanceof PaypalError && error.status === 422) {
        throw new AppError(402, 'payment_failed', 'PayPal could not complete this payment');
      }
      throw providerFailed();
    }
  }

  // ---------------------------------------------------------------- reading bookings

  private async loadBooking(id: string, executor: Executor = this.db) {
    const [row] = await executor
      .select({
        booking: bookings,
        roomNumber: rooms.roomNumber,
        propertyName: properties.name,
        holdActive: sql<boolean>`(${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > now())`,
      })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(eq(bookings.id, id));
    if (!row) throw notFound('booking_not_found', 'Booking not found');
    return row;
  }

  private async lockBooking(executor: Executor, id: string) {
    const [row] = await executor
      .select({ booking: bookings, holdActive: sql<boolean>`(${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > now())` })
      .from(bookings)
      .where(eq(bookings.id, id))
      .for('update');
    return row;
  }

  /** Only the guest pays their own booking, by the method they chose, while its hold lasts. */
  private assertPayable(row: { booking: BookingRow; holdActive: boolean }, user: UserRow, method: PaymentProvider) {
    const { booking } = row;
    if (booking.userId !== user.id) throw forbidden('This booking belongs to someone else');
    if (booking.paymentMethod !== method) throw notPayable(`This booking is not paid by ${method}`);
    if (booking.status === 'confirmed') throw notPayable('This booking is already paid');
    if (booking.status === 'cancelled') {
      throw notPayable(booking.cancelReason === 'expired' ? 'The hold on these dates has expired; please book again' : 'This booking is cancelled');
    }
    if (!row.holdActive) throw notPayable('The hold on these dates has expired; please book again');
  }

  /** What the guest is told about a booking's payment. */
  private statusOf(booking: BookingRow, provider?: { expired?: boolean; processing?: boolean }, holdActive = true): PaymentStatus {
    if (booking.status === 'confirmed') return 'paid';
    if (booking.refundStatus === 'refunded') return 'refunded';
    if (booking.refundStatus) return 'refund_pending';
    if (booking.status === 'cancelled') return booking.cancelReason === 'expired' ? 'expired' : 'cancelled';
    if (provider?.processing) return 'pending';
    if (provider?.expired || !holdActive) return 'expired';
    return 'unpaid';
  }

  // ---------------------------------------------------------------- Stripe

  /**
   * Opens (or reuses) the booking's Checkout Session: EUR, the server's total, the booking id in metadata, return
   * URLs on this site, expiring with the hold (extended to Stripe's 30-minute minimum). At most one open session
   * per booking, so a guest can never pay twice.
   */
  async startCheckout(user: UserRow, bookingId: string, hostUrl?: string): Promise<{ url: string }> {
    const base = this.returnBase(hostUrl);
    const row = await this.loadBooking(bookingId);
    this.assertPayable(row, user, 'stripe');
    const key = await this.stripeKey();
    const successUrl = `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
    const successFor = (sessionId: string) => `${base}/payment-success?session_id=${encodeURIComponent(sessionId)}`;

    const reusable = await this.reusableSession(key, bookingId);
    if (reusable) return { url: reusable.paid || reusable.status === 'complete' ? successFor(reusable.id) : reusable.url! };

    const { booking } = row;
    const holdEnd = booking.holdExpiresAt?.getTime() ?? 0;
    const now = Date.now();
    const expiresAt = new Date(Math.min(Math.max(holdEnd, now + STRIPE_MIN_EXPIRY_MS), now + STRIPE_MAX_EXPIRY_MS));
    const session = await this.provider('stripe.checkout.sessions.create', () =>
      this.options.stripe.createCheckoutSession(key, {
        bookingId,
        amountCents: booking.totalCents,
        productName: `Room ${row.roomNumber} · ${row.propertyName}`,
        description: `${booking.startDate} → ${booking.endDate}`,
        customerEmail: booking.userEmail,
        language: (LANGUAGES as readonly string[]).includes(booking.language) ? (booking.language as Language) : DEFAULT_LANGUAGE,
        successUrl,
        cancelUrl: `${base}/payment-cancel`,
        expiresAt,
      }),
    );

    // Claim: the first session recorded for the booking wins; a concurrent request's session is expired unseen.
    const claim = await this.db.transaction(async (tx) => {
      const locked = await this.lockBooking(tx, bookingId);
      if (!locked || locked.booking.status !== 'pending' || !locked.holdActive) return { won: false as const };
      const [other] = await tx
        .select({ url: paymentAttempts.url })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.bookingId, bookingId), eq(paymentAttempts.provider, 'stripe'), eq(paymentAttempts.status, 'open')));
      if (other?.url) return { won: false as const, url: other.url };
      await tx.insert(paymentAttempts).values({
        bookingId,
        provider: 'stripe',
        externalId: session.id,
        amountCents: booking.totalCents,
        url: session.url,
        expiresAt: session.expiresAt,
      });
      await tx
        .update(bookings)
        .set({ stripeSessionId: session.id, holdExpiresAt: sql`greatest(${bookings.holdExpiresAt}, ${session.expiresAt.toISOString()}::timestamptz)` })
        .where(eq(bookings.id, bookingId));
      return { won: true as const };
    });
    if (!claim.won) {
      await this.options.stripe.expireSession(key, session.id).catch((error: unknown) => {
        this.log.warn({ err: error, sessionId: session.id }, 'could not expire an unused checkout session');
      });
      if (claim.url) return { url: claim.url };
      throw notPayable('The hold on these dates has expired; please book again');
    }
    if (!session.url) throw providerFailed('Stripe answered without a checkout address');
    return { url: session.url };
  }

  /** The booking's open session, if any: still payable (or already paid / processing). Expired ones are closed. */
  private async reusableSession(key: string, bookingId: string): Promise<SessionState | undefined> {
    const open = await this.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.bookingId, bookingId), eq(paymentAttempts.provider, 'stripe'), eq(paymentAttempts.status, 'open')))
      .orderBy(desc(paymentAttempts.createdAt));
    for (const attempt of open) {
      const session = await this.provider('stripe.checkout.sessions.retrieve', () =>
        this.options.stripe.retrieveSession(key, attempt.externalId),
      );
      if (session.paid) {
        await this.settleStripeSession(session);
        return session;
      }
      if (session.status === 'open' || session.status === 'complete') return session;
      await this.closeAttempt('stripe', attempt.externalId);
    }
    return undefined;
  }

  /** The status poll of /payment-success: re-reads the session and confirms the booking once Stripe says paid. */
  async stripeStatus(user: UserRow, sessionId: string): Promise<{ payment_status: PaymentStatus }> {
    const [attempt] = await this.db
      .select({ bookingId: paymentAttempts.bookingId })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.provider, 'stripe'), eq(paymentAttempts.externalId, sessionId)));
    if (!attempt) throw notFound('booking_not_found', 'No payment with this id');
    const row = await this.loadBooking(attempt.bookingId);
    if (row.booking.userId !== user.id && user.role !== 'admin') throw forbidden('This payment belongs to someone else');
    if (row.booking.status === 'confirmed' || row.booking.refundStatus) return { payment_status: this.statusOf(row.booking) };

    const key = await this.stripeKey();
    const session = await this.provider('stripe.checkout.sessions.retrieve', () => this.options.stripe.retrieveSession(key, sessionId));
    if (session.paid) {
      await this.settleStripeSession(session);
      return { payment_status: this.statusOf((await this.loadBooking(attempt.bookingId)).booking) };
    }
    if (session.status === 'expired') await this.closeAttempt('stripe', sessionId);
    return {
      payment_status: this.statusOf(
        row.booking,
        { expired: session.status === 'expired', processing: session.status === 'complete' },
        row.holdActive,
      ),
    };
  }

  /** Settles a paid session outside any transaction, then starts its refund if one is owed. */
  private async settleStripeSession(session: SessionState): Promise<Settlement> {
    const payment = this.stripePayment(session);
    if (!payment) return { outcome: 'unknown_booking' };
    const settlement = await this.db.transaction((tx) => this.settle(tx, payment));
    await this.afterSettle(settlement);
    return settlement;
  }

  private stripePayment(session: SessionState): ReceivedPayment | undefined {
    if (!session.bookingId || !UUID.test(session.bookingId)) {
      this.log.warn({ sessionId: session.id }, 'paid checkout session without a booking id');
      return undefined;
    }
    return {
      provider: 'stripe',
      bookingId: session.bookingId,
      reference: session.paymentReference ?? session.id,
      amountCents: session.amountCents,
      currency: session.currency,
      externalId: session.id,
    };
  }

  /**
   * POST /payments/webhook/stripe: the signature is checked on the raw body; the session is re-read from Stripe
   * (only its `payment_status` is trusted); the event id is recorded in the same transaction as its effect, so a
   * repeated or concurrent delivery takes effect once.
   */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: boolean; duplicate?: boolean }> {
    const credentials = await this.options.settings.paymentCredentials();
    if (!credentials.stripeWebhookSecret) throw notConfigured('Card');
    if (!signature) throw badRequest('invalid_signature', 'Missing Stripe-Signature header');
    let event: StripeEvent;
    try {
      event = this.options.stripe.constructEvent(rawBody, signature, credentials.stripeWebhookSecret);
    } catch (error) {
      if (isSignatureError(error)) throw badRequest('invalid_signature', 'The webhook signature does not match');
      throw badRequest('validation_error', 'Unreadable webhook body');
    }
    if (!STRIPE_HANDLED_EVENTS.has(event.type)) return { received: true };

    const object = event.data.object as { id?: unknown; object?: unknown };
    if (typeof object.id !== 'string' || object.object !== 'checkout.session') return { received: true };
    if (!credentials.stripeSecretKey) throw notConfigured('Card');
    const key = credentials.stripeSecretKey;
    const sessionId = object.id;
    let session: SessionState;
    try {
      session = await this.options.stripe.retrieveSession(key, sessionId);
    } catch (error) {
      // Not ours (another integration on the same account) or Stripe unreachable: Stripe retries on a non-2xx.
      if (isStripeError(error) && (error as { statusCode?: number }).statusCode === 404) return { received: true };
      this.log.warn({ err: error, eventId: event.id }, 'could not re-read the checkout session of a webhook');
      throw providerFailed();
    }
    const bookingId = session.bookingId && UUID.test(session.bookingId) ? session.bookingId : null;

    const result = await this.db.transaction(async (tx) => {
      const recorded = await tx
        .insert(processedWebhookEvents)
        .values({ provider: 'stripe', eventId: event.id, eventType: event.type, bookingId })
        .onConflictDoNothing()
        .returning({ eventId: processedWebhookEvents.eventId });
      if (recorded.length === 0) return { duplicate: true as const };
      if (!bookingId) return { duplicate: false as const };
      if (event.type === 'checkout.session.expired') {
        if (!session.paid) await this.releaseForExpiredSession(tx, bookingId, session.id);
        return { duplicate: false as const };
      }
      const payment = session.paid ? this.stripePayment(session) : undefined;
      return { duplicate: false as const, settlement: payment ? await this.settle(tx, payment) : undefined };
    });
    if ('settlement' in result && result.settlement) await this.afterSettle(result.settlement);
    return result.duplicate ? { received: true, duplicate: true } : { received: true };
  }

  /** A session expired at Stripe: its attempt is closed and, if it was the booking's current one, the hold released. */
  private async releaseForExpiredSession(tx: Executor, bookingId: string, sessionId: string): Promise<void> {
    await tx
      .update(paymentAttempts)
      .set({ status: 'closed' })
      .where(and(eq(paymentAttempts.provider, 'stripe'), eq(paymentAttempts.externalId, sessionId), eq(paymentAttempts.status, 'open')));
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: 'expired', cancelledAt: sql`now()` })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'), eq(bookings.stripeSessionId, sessionId)));
  }

  // ---------------------------------------------------------------- PayPal

  /** Creates a PayPal order for the booking's total in EUR, returning to this site only. */
  async createPaypalOrder(
    user: UserRow,
    body: { booking_id: string; return_url?: string; cancel_url?: string },
  ): Promise<{ order_id: string }> {
    const returnUrl = this.returnUrl(body.return_url, '/paypal-success', 'return_url');
    const cancelUrl = this.returnUrl(body.cancel_url, '/payment-cancel', 'cancel_url');
    const row = await this.loadBooking(body.booking_id);
    this.assertPayable(row, user, 'paypal');
    const credentials = await this.paypalCredentials();
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.bookingId, row.booking.id), eq(paymentAttempts.provider, 'paypal')));
    const order = await this.provider('paypal.orders.create', () =>
      this.options.paypal.createOrder(credentials, {
        bookingId: row.booking.id,
        amountCents: row.booking.totalCents,
        description: `Room ${row.roomNumber} · ${row.propertyName} · ${row.booking.startDate} → ${row.booking.endDate}`,
        returnUrl,
        cancelUrl,
        // A double click sends the same id: PayPal answers the same order.
        requestId: `order-${row.booking.id}-${count?.n ?? 0}`,
      }),
    );
    await this.db.transaction(async (tx) => {
      const locked = await this.lockBooking(tx, row.booking.id);
      if (!locked || locked.booking.status !== 'pending') throw notPayable('This booking can no longer be paid');
      await tx
        .insert(paymentAttempts)
        .values({ bookingId: row.booking.id, provider: 'paypal', externalId: order.id, amountCents: row.booking.totalCents })
        .onConflictDoNothing();
      await tx.update(bookings).set({ paypalOrderId: order.id }).where(eq(bookings.id, row.booking.id));
    });
    return { order_id: order.id };
  }

  /**
   * Captures the booking's current PayPal order. The hold is (re)taken before any money moves, so a capture never
   * charges for dates someone else has; the PayPal-Request-Id is derived from the booking and order, so a retried
   * or concurrent capture cannot charge twice.
   */
  async capturePaypalOrder(user: UserRow, orderId: string): Promise<{ payment_status: PaymentStatus }> {
    const [attempt] = await this.db
      .select({ bookingId: paymentAttempts.bookingId })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.provider, 'paypal'), eq(paymentAttempts.externalId, orderId)));
    if (!attempt) throw notFound('booking_not_found', 'No payment with this id');
    const { booking } = await this.loadBooking(attempt.bookingId);
    if (booking.userId !== user.id) throw forbidden('This payment belongs to someone else');
    if (booking.status === 'confirmed' || booking.refundStatus) return { payment_status: this.statusOf(booking) };
    if (booking.paypalOrderId !== orderId) throw notPayable('This order was replaced by a newer one');
    const credentials = await this.paypalCredentials();

    const hold = await this.retakeHold(booking.id);
    if (hold !== 'held') {
      // Not ours to capture any more; but an earlier capture (whose answer was lost) may have taken the money.
      const order = await this.provider('paypal.orders.get', () => this.options.paypal.getOrder(credentials, orderId));
      if (!order.paid) return { payment_status: hold };
      await this.settlePaypalOrder(order, booking.id);
      return { payment_status: this.statusOf((await this.loadBooking(booking.id)).booking) };
    }

    const order = await this.provider('paypal.orders.capture', () => this.capture(credentials, booking.id, orderId));
    if (!order.paid) return { payment_status: order.captureStatus === 'PENDING' ? 'pending' : 'unpaid' };
    await this.settlePaypalOrder(order, booking.id);
    return { payment_status: this.statusOf((await this.loadBooking(booking.id)).booking) };
  }

  /**
   * One capture call. Its PayPal-Request-Id is derived from the booking and order (and the count of outright refusals),
   * so a retry after a lost answer is answered with the first capture instead of charging again.
   */
  private async capture(credentials: PaypalCredentials, bookingId: string, orderId: string): Promise<OrderState> {
    const attemptOf = and(eq(paymentAttempts.provider, 'paypal'), eq(paymentAttempts.externalId, orderId));
    const [attempt] = await this.db.select({ refusals: paymentAttempts.captureRefusals }).from(paymentAttempts).where(attemptOf);
    try {
      return await this.options.paypal.captureOrder(credentials, orderId, paypalCaptureRequestId(bookingId, orderId, attempt?.refusals ?? 0));
    } catch (error) {
      // A definite refusal moved no money: the next try may use a new id. A lost answer or an outage keeps the id.
      if (error instanceof PaypalError && error.status >= 400 && error.status < 500 && ![401, 408, 409, 429].includes(error.status)) {
        await this.db
          .update(paymentAttempts)
          .set({ captureRefusals: sql`${paymentAttempts.captureRefusals} + 1` })
          .where(attemptOf);
      }
      throw error;
    }
  }

  /** Before a capture: keep (or take back) the booking's nights, or say why not. */
  private async retakeHold(bookingId: string): Promise<'held' | PaymentStatus> {
    return this.db.transaction(async (tx) => {
      const locked = await this.lockBooking(tx, bookingId);
      if (!locked) throw notFound('booking_not_found', 'Booking not found');
      const { booking } = locked;
      const holdUntil = sql`greatest(${bookings.holdExpiresAt}, now() + make_interval(mins => ${CAPTURE_HOLD_MINUTES}))`;
      if (booking.status === 'confirmed') return 'paid';
      if (booking.status === 'pending') {
        await tx.update(bookings).set({ holdExpiresAt: holdUntil }).where(eq(bookings.id, bookingId));
        return 'held';
      }
      if (booking.cancelReason !== 'expired' || booking.refundStatus) return this.statusOf(booking);
      await lockRoomNights(tx, booking.roomId);
      try {
        // The hold ran out: take the nights back if nobody else has them (the exclusion constraint decides).
        await tx.transaction(async (savepoint) => {
          await savepoint
            .update(bookings)
            .set({
              status: 'pending',
              cancelReason: null,
              cancelledAt: null,
              holdExpiresAt: sql`now() + make_interval(mins => ${CAPTURE_HOLD_MINUTES})`,
            })
            .where(eq(bookings.id, bookingId));
        });
        return 'held';
      } catch (error) {
        if (sqlState(error) === '23P01') return 'expired';
        throw error;
      }
    });
  }

  private async settlePaypalOrder(order: OrderState, bookingId: string): Promise<Settlement> {
    const settlement = await this.db.transaction((tx) =>
      this.settle(tx, {
        provider: 'paypal',
        bookingId,
        reference: order.captureId ?? order.id,
        amountCents: order.amountCents,
        currency: order.currency,
        externalId: order.id,
      }),
    );
    await this.afterSettle(settlement);
    return settlement;
  }

  // ---------------------------------------------------------------- settling a payment

  /**
   * Applies a payment the provider reports as done, under the booking's row lock. Pending → confirmed. Already
   * confirmed by this payment → nothing. A released hold → confirmed again if its nights are still free (the
   * exclusion constraint decides, inside a savepoint), otherwise flagged for refund. A cancelled booking or a
   * second payment → refund.
   */
  private async settle(tx: Executor, payment: ReceivedPayment): Promise<Settlement> {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for('update');
    if (!booking) {
      this.log.warn({ bookingId: payment.bookingId, provider: payment.provider }, 'payment for an unknown booking');
      return { outcome: 'unknown_booking' };
    }
    await tx
      .update(paymentAttempts)
      .set({ status: 'paid' })
      .where(and(eq(paymentAttempts.provider, payment.provider), eq(paymentAttempts.externalId, payment.externalId)));

    const sameMoney = payment.amountCents === booking.totalCents && payment.currency?.toLowerCase() === 'eur';
    if (booking.status === 'confirmed') {
      if (!booking.paymentReference || booking.paymentReference === payment.reference) {
        if (!booking.paymentReference) {
          await tx.update(bookings).set({ paymentReference: payment.reference }).where(eq(bookings.id, booking.id));
        }
        return { outcome: 'already_confirmed' };
      }
      return this.owe(tx, booking, payment, 'duplicate_payment', false);
    }
    if (!sameMoney) {
      this.log.warn({ bookingId: booking.id, amount: payment.amountCents, currency: payment.currency }, 'payment amount differs from the booking total');
      return this.owe(tx, booking, payment, 'amount_mismatch', booking.status === 'cancelled' && !booking.refundStatus);
    }
    if (booking.status === 'pending') {
      await this.confirm(tx, booking.id, payment.reference);
      return { outcome: 'confirmed' };
    }
    // Cancelled.
    if (booking.refundStatus) {
      if (booking.paymentReference === payment.reference) return { outcome: 'refund', refundId: undefined };
      return this.owe(tx, booking, payment, 'duplicate_payment', false);
    }
    if (booking.cancelReason === 'expired') {
      await lockRoomNights(tx, booking.roomId);
      try {
        await tx.transaction((savepoint) => this.confirm(savepoint, booking.id, payment.reference));
        this.log.info({ bookingId: booking.id }, 'late payment confirmed a released hold whose dates were still free');
        return { outcome: 'confirmed' };
      } catch (error) {
        if (sqlState(error) !== '23P01') throw error;
      }
      return this.owe(tx, booking, payment, 'dates_taken', true);
    }
    return this.owe(tx, booking, payment, 'booking_cancelled', true);
  }

  private async confirm(executor: Executor, bookingId: string, reference: string): Promise<void> {
    await executor
      .update(bookings)
      .set({ status: 'confirmed', confirmedAt: sql`now()`, cancelReason: null, cancelledAt: null, paymentReference: reference })
      .where(eq(bookings.id, bookingId));
    const booking = await this.options.bookings.get(bookingId, executor);
    await this.options.notifier.bookingConfirmed(executor, booking);
  }

  /** Records money owed back; `flagBooking` shows it on the booking itself (the admin's list) as refund pending. */
  private async owe(tx: Executor, booking: BookingRow, payment: ReceivedPayment, reason: RefundReason, flagBooking: boolean): Promise<Settlement> {
    this.log.warn({ bookingId: booking.id, provider: payment.provider, reason }, 'payment flagged for refund');
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        bookingId: booking.id,
        provider: payment.provider,
        paymentReference: payment.reference,
        amountCents: payment.amountCents ?? booking.totalCents,
        reason,
      })
      .onConflictDoNothing()
      .returning({ id: paymentRefunds.id });
    if (flagBooking) {
      await tx.update(bookings).set({ refundStatus: 'pending', paymentReference: payment.reference }).where(eq(bookings.id, booking.id));
    }
    return { outcome: 'refund', refundId: refund?.id };
  }

  /** After the settling transaction commits: give the money back now when some is owed (the job retries failures). */
  private async afterSettle(settlement: Settlement): Promise<void> {
    if (settlement.outcome === 'refund' && settlement.refundId) await this.processRefunds(settlement.refundId);
  }

  // ---------------------------------------------------------------- refunds

  /**
   * Claims due refunds with a lease (SKIP LOCKED: each instance takes different rows), asks the provider, and
   * records the result. The provider's idempotency key makes a repeated refund call harmless.
   */
  async processRefunds(onlyId?: string): Promise<number> {
    const claimed = await queryRows<{ id: string; booking_id: string; provider: PaymentProvider; payment_reference: string; attempts: number }>(
      this.db,
      sql`update payment_refunds set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes', updated_at = now()
          where id in (
            select id from payment_refunds
            where status = 'pending' and next_attempt_at <= now() ${onlyId ? sql`and id = ${onlyId}` : sql``}
            order by next_attempt_at limit 20 for update skip locked)
          returning id, booking_id, provider, payment_reference, attempts`,
    );
    for (const refund of claimed) {
      try {
        const providerRefundId =
          refund.provider === 'stripe'
            ? (await this.options.stripe.refund(await this.stripeKey(), refund.payment_reference)).id
            : (await this.options.paypal.refundCapture(await this.paypalCredentials(), refund.payment_reference)).id;
        await this.finishRefund(refund, 'refunded', { providerRefundId });
        this.log.info({ bookingId: refund.booking_id, provider: refund.provider }, 'payment refunded');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const gaveUp = refund.attempts >= MAX_REFUND_ATTEMPTS;
        this.log.warn({ err: error, bookingId: refund.booking_id, attempts: refund.attempts }, gaveUp ? 'refund failed; the admin must refund by hand' : 'refund failed; will retry');
        if (gaveUp) {
          await this.finishRefund(refund, 'failed', { lastError: message });
        } else {
          await this.db
            .update(paymentRefunds)
            .set({
              lastError: message.slice(0, 500),
              nextAttemptAt: sql`now() + make_interval(mins => ${2 ** refund.attempts})`,
              updatedAt: sql`now()`,
            })
            .where(eq(paymentRefunds.id, refund.id));
        }
      }
    }
    return claimed.length;
  }

  private async finishRefund(
    refund: { id: string; booking_id: string; payment_reference: string },
    status: 'refunded' | 'failed',
    detail: { providerRefundId?: string; lastError?: string },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(paymentRefunds)
        .set({ status, providerRefundId: detail.providerRefundId, lastError: detail.lastError?.slice(0, 500), updatedAt: sql`now()` })
        .where(eq(paymentRefunds.id, refund.id));
      await tx
        .update(bookings)
        .set({ refundStatus: status })
        .where(
          and(eq(bookings.id, refund.booking_id), eq(bookings.paymentReference, refund.payment_reference), sql`${bookings.refundStatus} is not null`),
        );
    });
  }

  // ---------------------------------------------------------------- jobs

  /**
   * The hold job: cancels pending holds past their end (reason expired; SKIP LOCKED so instances share the work),
   * then closes the provider sessions of cancelled bookings, whichever path cancelled them.
   */
  async releaseExpiredHolds(): Promise<{ released: string[] }> {
    const released = await this.db.transaction(async (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`update bookings set status = 'cancelled', cancel_reason = 'expired', cancelled_at = now()
            where id in (
              select id from bookings where status = 'pending' and hold_expires_at < now()
              order by hold_expires_at limit 200 for update skip locked)
            returning id`,
      ),
    );
    if (released.length) this.log.info({ count: released.length }, 'expired holds released');
    await this.closeAbandonedAttempts();
    return { released: released.map((row) => row.id) };
  }

  /** Expires the open sessions of bookings that are no longer pending, so nobody pays for a hold that is gone. */
  private async closeAbandonedAttempts(): Promise<void> {
    const claimed = await this.claimAttempts(sql`b.status <> 'pending'`);
    let stripeKey: string | undefined;
    for (const attempt of claimed) {
      try {
        if (attempt.provider === 'paypal') {
          // An uncaptured order never charges (capture is ours, and it re-checks the booking first); but a capture
          // whose answer was lost may have taken the money: that is settled (and so refunded).
          const order = await this.options.paypal.getOrder(await this.paypalCredentials(), attempt.external_id);
          if (order.paid) await this.settlePaypalOrder(order, attempt.booking_id);
          else await this.closeAttempt('paypal', attempt.external_id);
          continue;
        }
        stripeKey ??= await this.stripeKey();
        const session = await this.options.stripe.expireSession(stripeKey, attempt.external_id);
        if (session.paid) await this.settleStripeSession(session);
        else if (session.status === 'expired') await this.closeAttempt('stripe', attempt.external_id);
      } catch (error) {
        this.log.warn({ err: error, attempt: attempt.external_id }, 'could not close a payment session; will retry');
      }
    }
  }

  /**
   * Reconciliation: asks the provider about open payments of pending bookings older than `minAgeSeconds` whose
   * webhook (or capture call) never came, settles what was paid, then retries due refunds.
   */
  async reconcile(options: { minAgeSeconds?: number } = {}): Promise<{ checked: number; settled: number }> {
    const minAge = options.minAgeSeconds ?? 120;
    const claimed = await this.claimAttempts(sql`b.status = 'pending' and a.created_at <= now() - make_interval(secs => ${minAge})`);
    let settled = 0;
    for (const attempt of claimed) {
      try {
        if (attempt.provider === 'stripe') {
          const session = await this.options.stripe.retrieveSession(await this.stripeKey(), attempt.external_id);
          if (session.paid) {
            await this.settleStripeSession(session);
            settled++;
          } else if (session.status === 'expired') {
            await this.db.transaction((tx) => this.releaseForExpiredSession(tx, attempt.booking_id, attempt.external_id));
          }
        } else {
          const credentials = await this.paypalCredentials();
          let order = await this.options.paypal.getOrder(credentials, attempt.external_id);
          // Approved by the payer but never captured (the browser closed): capture it while the hold lasts.
          if (order.status === 'APPROVED' && attempt.booking_paypal_order_id === attempt.external_id) {
            if ((await this.retakeHold(attempt.booking_id)) !== 'held') continue;
            order = await this.capture(credentials, attempt.booking_id, order.id);
          }
          if (order.paid) {
            await this.settlePaypalOrder(order, attempt.booking_id);
            settled++;
          }
        }
      } catch (error) {
        this.log.warn({ err: error, attempt: attempt.external_id }, 'reconciliation could not check a payment; will retry');
      }
    }
    await this.processRefunds();
    return { checked: claimed.length, settled };
  }

  /**
   * Takes a lease on open attempts matching `condition` (alias a = attempt, b = booking): SKIP LOCKED while another
   * instance claims, and `checked_at` for the lease's length afterwards, so each attempt is asked about by one instance.
   */
  private claimAttempts(condition: ReturnType<typeof sql>, leaseSeconds = ATTEMPT_LEASE_SECONDS) {
    return queryRows<{ id: string; booking_id: string; provider: PaymentProvider; external_id: string; booking_paypal_order_id: string | null }>(
      this.db,
      sql`with claimed as (
            select a.id from payment_attempts a join bookings b on b.id = a.booking_id
            where a.status = 'open' and ${condition}
              and (a.checked_at is null or a.checked_at <= now() - make_interval(secs => ${leaseSeconds}))
            order by a.checked_at nulls first, a.created_at
            limit 50 for update of a skip locked)
          update payment_attempts a set checked_at = now() from claimed, bookings b
          where a.id = claimed.id and b.id = a.booking_id
          returning a.id, a.booking_id, a.provider, a.external_id, b.paypal_order_id as booking_paypal_order_id`,
    );
  }

  private async closeAttempt(provider: PaymentProvider, externalId: string): Promise<void> {
    await this.db
      .update(paymentAttempts)
      .set({ status: 'closed' })
      .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.externalId, externalId), eq(paymentAttempts.status, 'open')));
  }
}

/** The PayPal-Request-Id of a capture: derived from the booking (and its order), so retries are answered, not charged. */
export const paypalCaptureRequestId = (bookingId: string, orderId: string, refusals = 0) =>
  `capture-${bookingId}-${orderId}-${refusals}`;
