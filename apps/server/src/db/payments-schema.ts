import { sql } from 'drizzle-orm';
import { PAYMENT_KINDS, RECORDED_PAYMENT_METHODS } from '@roomweek/contract';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './schema.ts';

export const PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;
export const ATTEMPT_PURPOSES = ['booking', 'balance'] as const;
export type AttemptPurpose = (typeof ATTEMPT_PURPOSES)[number];
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Every Stripe Checkout Session or PayPal order we opened for a booking. Lets the jobs find sessions to expire
 * once their booking is cancelled (by whatever path), and ask the provider about payments whose webhook never came.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Checkout Session id (`cs_…`) or PayPal order id. */
    externalId: text('external_id').notNull(),
    /** open: the guest may still pay; paid: money arrived; closed: expired or abandoned, never payable again. */
    status: text('status', { enum: ['open', 'paid', 'closed'] }).notNull().default('open'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Where the guest pays (Stripe's hosted page), so a second click on "pay" reuses the open session. */
    url: text('url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time a job asked the provider about it: a lease, so instances do not ask twice at once. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * PayPal captures that PayPal refused outright (not approved, declined): part of the next PayPal-Request-Id, so a
     * retry after a lost answer reuses the id (and cannot charge twice) while a new try after a refusal gets a fresh one.
     */
    captureRefusals: integer('capture_refusals').notNull().default(0),
    /** PayPal: the capture's id, once PayPal answered one (its webhooks name the capture, not the order). Migration 0009. */
    captureId: text('capture_id'),
    /**
     * PayPal: the capture's last known status (COMPLETED, PENDING, DECLINED…). PENDING keeps the attempt open and its
     * booking held until PayPal reports the outcome (decision 0015).
     */
    captureStatus: text('capture_status'),
    /** What it pays: the booking (its whole total or its deposit) or its balance (migration 0031, decision 0044). */
    purpose: text('purpose', { enum: ATTEMPT_PURPOSES }).notNull().default('booking'),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_external_key').on(t.provider, t.externalId),
    index('payment_attempts_booking_idx').on(t.bookingId),
    index('payment_attempts_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('payment_attempts_capture_idx').on(t.captureId).where(sql`${t.captureId} is not null`),
    check('payment_attempts_provider_check', sql`${t.provider} in ('stripe', 'paypal')`),
    check('payment_attempts_status_check', sql`${t.status} in ('open', 'paid', 'closed')`),
    check('payment_attempts_purpose_check', sql`${t.purpose} in ('booking', 'balance')`),
  ],
);

/** Provider webhook events already applied: the primary key makes each event take effect once. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    bookingId: uuid('booking_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'processed_webhook_events_pkey', columns: [t.provider, t.eventId] })],
);

/**
 * Why money goes back: a payment for dates already taken, for a booking cancelled meanwhile, twice, or of a wrong
 * amount (owed by settling); a cancellation under the booking's terms or the admin's choice; an admin's goodwill refund.
 */
export const REFUND_REASONS = ['dates_taken', 'booking_cancelled', 'duplicate_payment', 'amount_mismatch', 'cancellation', 'goodwill'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * Money we must give back: a payment that arrived for dates no longer ours, for a cancelled booking, or twice.
 * One row per provider payment; a job retries until the provider confirms (or gives up and flags it as failed).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe PaymentIntent id or PayPal capture id. */
    paymentReference: text('payment_reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /** pending: not yet asked, or the provider is still processing it (provider_refund_id set); then succeeded or failed. */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Unique: an admin's click (Idempotency-Key), or `payment-{provider}-{reference}` for an unwanted payment, so the
     * same refund is never owed twice. The provider's own idempotency key is derived from the row's id.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The admin's reason, if given. */
    note: text('note'),
    /** Not before this time: a lease while one instance calls the provider, then the retry back-off. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_idempotency_key').on(t.idempotencyKey),
    index('payment_refunds_provider_refund_idx').on(t.providerRefundId).where(sql`${t.providerRefundId} is not null`),
    index('payment_refunds_booking_idx').on(t.bookingId),
    index('payment_refunds_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('payment_refunds_provider_check', sql`${t.provider} in ('stripe', 'paypal')`),
    check('payment_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** How a payment came: through a provider, or recorded by hand. */
export const RECEIVED_METHODS = [...PAYMENT_PROVIDERS, ...RECORDED_PAYMENT_METHODS] as const;
export type ReceivedMethod = (typeof RECEIVED_METHODS)[number];

/**
 * Every payment a booking received (migration 0031, decision 0044): through a provider (its reference unique per
 * method, so a payment reported twice is one row) or recorded by the owner. Their sum is the booking's paid_cents;
 * a refund is spread over them, latest first.
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    method: text('method', { enum: RECEIVED_METHODS }).notNull(),
    reference: text('reference'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    recordedBy: uuid('recorded_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_payments_booking_idx').on(t.bookingId, t.receivedAt),
    uniqueIndex('booking_payments_reference_key').on(t.method, t.reference).where(sql`${t.reference} is not null`),
    check('booking_payments_kind_check', sql`${t.kind} in ('full', 'deposit', 'balance', 'recorded')`),
    check('booking_payments_method_check', sql`${t.method} in ('stripe', 'paypal', 'cash', 'bank_transfer', 'card_terminal')`),
    check('booking_payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);
