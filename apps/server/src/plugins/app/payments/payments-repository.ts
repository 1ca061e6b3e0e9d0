import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../../db/client.ts';
import type { PaymentKind } from '@roomweek/contract';
import {
  bookingPayments,
  paymentAttempts,
  paymentRefunds,
  processedWebhookEvents,
  type AttemptPurpose,
  type PaymentProvider,
  type ReceivedMethod,
  type RefundReason,
} from '../../../db/payments-schema.ts';
import { bookings } from '../../../db/schema.ts';
import { attemptCondition, type AttemptsToClaim, type ClaimedAttempt } from './attempt-claims.ts';

export type { AttemptsToClaim, ClaimedAttempt } from './attempt-claims.ts';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

export interface ClaimedRefund {
  id: string;
  booking_id: string;
  provider: PaymentProvider;
  payment_reference: string;
  amount_cents: number;
  /** Set once the provider answered with a refund it was still processing: asked about, never sent again. */
  provider_refund_id: string | null;
  attempts: number;
  /** Why the last call failed, if one did. */
  last_error: string | null;
}

/** A refund to record: on which payment, how much, why, and the key that makes recording it twice a no-op. */
export interface NewRefund {
  bookingId: string;
  provider: PaymentProvider;
  paymentReference: string;
  amountCents: number;
  reason: RefundReason;
  idempotencyKey: string;
  note?: string | null;
}

/** A refund already recorded under a key. */
export interface RecordedRefund {
  id: string;
  bookingId: string;
  amountCents: number;
  created: boolean;
}

/** One payment received: through a provider (its reference) or recorded by hand (by whom, with a note). */
export interface ReceivedMoney {
  bookingId: string;
  kind: PaymentKind;
  method: ReceivedMethod;
  reference: string | null;
  amountCents: number;
  note?: string;
  recordedBy?: string | null;
}

const attempt = (provider: PaymentProvider, externalId: string) =>
  and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.externalId, externalId));

/** Every query on payment attempts, webhook events and refunds, and on the payment columns of a booking. */
export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /** The booking and purpose of an attempt we opened. */
  async attemptOf(provider: PaymentProvider, externalId: string): Promise<{ bookingId: string; purpose: AttemptPurpose } | undefined> {
    const [row] = await this.db
      .select({ bookingId: paymentAttempts.bookingId, purpose: paymentAttempts.purpose })
      .from(paymentAttempts)
      .where(attempt(provider, externalId));
    return row;
  }

  /** The booking's open attempts with a provider for one purpose, newest first. */
  openAttempts(bookingId: string, provider: PaymentProvider, purpose: AttemptPurpose, executor: Executor = this.db): Promise<PaymentAttemptRow[]> {
    return executor
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.bookingId, bookingId),
          eq(paymentAttempts.provider, provider),
          eq(paymentAttempts.purpose, purpose),
          eq(paymentAttempts.status, 'open'),
        ),
      )
      .orderBy(desc(paymentAttempts.createdAt));
  }

  async countAttempts(bookingId: string, provider: PaymentProvider): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.bookingId, bookingId), eq(paymentAttempts.provider, provider)));
    return row?.n ?? 0;
  }

  async insertAttempt(tx: Executor, values: typeof paymentAttempts.$inferInsert): Promise<void> {
    await tx.insert(paymentAttempts).values(values).onConflictDoNothing();
  }

  async closeAttempt(provider: PaymentProvider, externalId: string, executor: Executor = this.db): Promise<void> {
    await executor
      .update(paymentAttempts)
      .set({ status: 'closed' })
      .where(and(attempt(provider, externalId), eq(paymentAttempts.status, 'open')));
  }

  /** True the first time: the payment had not been seen yet (its money is counted then, once). */
  async markAttemptPaid(tx: Executor, provider: PaymentProvider, externalId: string): Promise<boolean> {
    const changed = await tx
      .update(paymentAttempts)
      .set({ status: 'paid' })
      .where(and(attempt(provider, externalId), sql`${paymentAttempts.status} <> 'paid'`))
      .returning({ id: paymentAttempts.id });
    return changed.length > 0;
  }

  /** The booking a PayPal order pays, and what we last heard of its capture. */
  async paypalAttempt(
    orderId: string,
    executor: Executor = this.db,
  ): Promise<{ bookingId: string; captureStatus: string | null; purpose: AttemptPurpose } | undefined> {
    const [row] = await executor
      .select({ bookingId: paymentAttempts.bookingId, captureStatus: paymentAttempts.captureStatus, purpose: paymentAttempts.purpose })
      .from(paymentAttempts)
      .where(attempt('paypal', orderId));
    return row;
  }

  /** The PayPal order a capture belongs to, when we recorded that capture. */
  async orderOfCapture(captureId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ orderId: paymentAttempts.externalId })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.provider, 'paypal'), eq(paymentAttempts.captureId, captureId)));
    return row?.orderId;
  }

  /** Records a PayPal capture's status on its order's attempt; true when it changed (e.g. the first PENDING). */
  async recordCapture(tx: Executor, orderId: string, captureId: string | null, status: string): Promise<boolean> {
    const changed = await tx
      .update(paymentAttempts)
      .set(captureId ? { captureStatus: status, captureId } : { captureStatus: status })
      .where(and(attempt('paypal', orderId), sql`${paymentAttempts.captureStatus} is distinct from ${status}`))
      .returning({ id: paymentAttempts.id });
    return changed.length > 0;
  }

  async captureRefusals(orderId: string): Promise<number> {
    const [row] = await this.db.select({ refusals: paymentAttempts.captureRefusals }).from(paymentAttempts).where(attempt('paypal', orderId));
    return row?.refusals ?? 0;
  }

  async countCaptureRefusal(orderId: string): Promise<void> {
    await this.db
      .update(paymentAttempts)
      .set({ captureRefusals: sql`${paymentAttempts.captureRefusals} + 1` })
      .where(attempt('paypal', orderId));
  }

  /**
   * Takes a lease on the open attempts `which` names: SKIP LOCKED while another instance claims, and `checked_at` for
   * the lease's length afterwards, so each attempt is asked about by one instance.
   */
  claimAttempts(which: AttemptsToClaim, leaseSeconds: number): Promise<ClaimedAttempt[]> {
    const condition = attemptCondition(which);
    return queryRows<ClaimedAttempt>(
      this.db,
      sql`with claimed as (
            select a.id from payment_attempts a join bookings b on b.id = a.booking_id
            where a.status = 'open' and ${condition}
              and (a.checked_at is null or a.checked_at <= now() - make_interval(secs => ${leaseSeconds}))
            order by a.checked_at nulls first, a.created_at
            limit 50 for update of a skip locked)
          update payment_attempts a set checked_at = now() from claimed, bookings b
          where a.id = claimed.id and b.id = a.booking_id
          returning a.id, a.booking_id, a.provider, a.external_id, b.paypal_order_id as booking_paypal_order_id,
            b.status as booking_status, a.capture_status, a.purpose`,
    );
  }

  /** Records a provider event in the transaction of its effect; false when it was already recorded (a repeat). */
  async recordWebhookEvent(
    tx: Executor,
    event: { provider: PaymentProvider; eventId: string; eventType: string; bookingId: string | null },
  ): Promise<boolean> {
    const recorded = await tx.insert(processedWebhookEvents).values(event).onConflictDoNothing().returning({ eventId: processedWebhookEvents.eventId });
    return recorded.length > 0;
  }

  // The payment columns of a booking (its state is the life cycle's).

  /** The checkout session now paying for the booking (its hold is the life cycle's: `extendHold`). */
  async recordCheckoutSession(tx: Executor, bookingId: string, sessionId: string): Promise<void> {
    await tx.update(bookings).set({ stripeSessionId: sessionId }).where(eq(bookings.id, bookingId));
  }

  async recordPaypalOrder(tx: Executor, bookingId: string, orderId: string): Promise<void> {
    await tx.update(bookings).set({ paypalOrderId: orderId }).where(eq(bookings.id, bookingId));
  }

  async recordPaymentReference(tx: Executor, bookingId: string, reference: string): Promise<void> {
    await tx.update(bookings).set({ paymentReference: reference }).where(eq(bookings.id, bookingId));
  }

  // Refunds.

  /**
   * Records a refund under its key and brings the booking's refund totals in step, in the caller's transaction (which
   * holds the booking's lock). A key already recorded records nothing and answers the first refund. The CHECK
   * `bookings_refunds_within_paid` refuses (23514) a refund past what the booking received.
   */
  async addRefund(tx: Executor, refund: NewRefund): Promise<RecordedRefund> {
    const [row] = await tx
      .insert(paymentRefunds)
      .values(refund)
      .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
      .returning({ id: paymentRefunds.id });
    if (row) {
      await this.syncRefundTotals(tx, refund.bookingId);
      return { id: row.id, bookingId: refund.bookingId, amountCents: refund.amountCents, created: true };
    }
    const earlier = await this.refundByKey(tx, refund.idempotencyKey);
    if (!earlier) throw new Error('refund key conflict without a row');
    return earlier;
  }

  /** A refund recorded under a key and its parts (`key#2`…, a refund spread over several payments): their sum. */
  async refundsByKey(executor: Executor, key: string): Promise<{ bookingId: string; amountCents: number } | undefined> {
    const [row] = await queryRows<{ booking_id: string | null; amount_cents: number | null }>(
      executor,
      sql`select min(booking_id::text) as booking_id, sum(amount_cents)::float8 as amount_cents from payment_refunds
          where idempotency_key = ${key} or left(idempotency_key, length(${key}) + 1) = ${key} || '#'`,
    );
    return row?.booking_id ? { bookingId: row.booking_id, amountCents: row.amount_cents ?? 0 } : undefined;
  }

  /** The refund recorded under a key, if any. */
  async refundByKey(executor: Executor, key: string): Promise<RecordedRefund | undefined> {
    const [earlier] = await executor
      .select({ id: paymentRefunds.id, bookingId: paymentRefunds.bookingId, amountCents: paymentRefunds.amountCents })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.idempotencyKey, key));
    return earlier && { ...earlier, created: false };
  }

  /**
   * A payment that must go back whole (dates taken, booking cancelled, paid twice, wrong amount): keyed by the payment,
   * so settling it twice owes it once. `flagBooking`: it was the booking's own payment (its reference becomes this one).
   */
  async oweRefund(
    tx: Executor,
    refund: Omit<NewRefund, 'idempotencyKey' | 'note'>,
    flagBooking: boolean,
  ): Promise<string | undefined> {
    const recorded = await this.addRefund(tx, { ...refund, idempotencyKey: `payment-${refund.provider}-${refund.paymentReference}` });
    if (flagBooking) await this.recordPaymentReference(tx, refund.bookingId, refund.paymentReference);
    return recorded.created ? recorded.id : undefined;
  }

  /** What an attempt pays: the booking (its total or deposit) or its balance; undefined for an attempt we never opened. */
  async attemptPurpose(executor: Executor, provider: PaymentProvider, externalId: string): Promise<AttemptPurpose | undefined> {
    const [row] = await executor.select({ purpose: paymentAttempts.purpose }).from(paymentAttempts).where(attempt(provider, externalId));
    return row?.purpose;
  }

  /**
   * Money that arrived for the booking (a payment seen for the first time): a row of its payments and its paid total,
   * in the caller's transaction (which holds the booking's lock). A provider's reference already recorded adds nothing.
   */
  async recordReceived(tx: Executor, payment: ReceivedMoney): Promise<boolean> {
    const [row] = await tx
      .insert(bookingPayments)
      .values({
        bookingId: payment.bookingId,
        kind: payment.kind,
        method: payment.method,
        reference: payment.reference,
        amountCents: payment.amountCents,
        note: payment.note ?? '',
        recordedBy: payment.recordedBy ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: bookingPayments.id });
    if (!row) return false;
    await tx.update(bookings).set({ paidCents: sql`${bookings.paidCents} + ${payment.amountCents}` }).where(eq(bookings.id, payment.bookingId));
    return true;
  }

  /**
   * The booking's refunded amount (every refund not failed), refund status (pending while any is on its way, else its
   * latest refund's) and the amount of its latest refund if that failed, from its refund rows: one statement, after
   * every change to them.
   */
  private async syncRefundTotals(tx: Executor, bookingId: string): Promise<void> {
    await tx.execute(sql`
      update bookings b set
        refunded_cents = coalesce((select sum(r.amount_cents) from payment_refunds r where r.booking_id = b.id and r.status <> 'failed'), 0),
        refund_status = (
          select case when bool_or(r.status = 'pending') then 'pending' else (array_agg(r.status order by r.created_at desc, r.id desc))[1] end
          from payment_refunds r where r.booking_id = b.id),
        failed_refund_cents = coalesce((
          select case when latest.status = 'failed' then latest.amount_cents else 0 end from (
            select r.status, r.amount_cents from payment_refunds r where r.booking_id = b.id
            order by r.created_at desc, r.id desc limit 1) latest), 0)
      where b.id = ${bookingId}`);
  }

  /** Due refunds (or the one given, if due) on a two-minute lease (SKIP LOCKED: each instance takes different rows). */
  claimRefunds(onlyId?: string): Promise<ClaimedRefund[]> {
    return queryRows<ClaimedRefund>(
      this.db,
      sql`update payment_refunds set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes', updated_at = now()
          where id in (
            select id from payment_refunds
            where status = 'pending' and next_attempt_at <= now() ${onlyId ? sql`and id = ${onlyId}` : sql``}
            order by next_attempt_at limit 20 for update skip locked)
          returning id, booking_id, provider, payment_reference, amount_cents::float8 as amount_cents, provider_refund_id, attempts, last_error`,
    );
  }

  async retryRefundLater(id: string, error: string, afterMinutes: number): Promise<void> {
    await this.db
      .update(paymentRefunds)
      .set({ lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(mins => ${afterMinutes})`, updatedAt: sql`now()` })
      .where(eq(paymentRefunds.id, id));
  }

  /** The provider took the refund and is still processing it: asked about again later (or when its webhook comes). */
  async awaitProviderRefund(id: string, providerRefundId: string, afterMinutes: number): Promise<void> {
    await this.db
      .update(paymentRefunds)
      .set({
        providerRefundId,
        // Asking about a refund in progress is not a failed try.
        attempts: sql`greatest(${paymentRefunds.attempts} - 1, 0)`,
        nextAttemptAt: sql`now() + make_interval(mins => ${afterMinutes})`,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentRefunds.id, id));
  }

  /** `alsoInTransaction`: what else must happen with it (a failed refund's credit note cancelled). */
  async finishRefund(
    refund: ClaimedRefund,
    status: 'succeeded' | 'failed',
    detail: { providerRefundId?: string; lastError?: string },
    alsoInTransaction?: (tx: Executor) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Under the booking's lock, like every change to its refund totals.
      await tx.execute(sql`select 1 from bookings where id = ${refund.booking_id} for update`);
      await tx
        .update(paymentRefunds)
        .set({ status, providerRefundId: detail.providerRefundId, lastError: detail.lastError?.slice(0, 500) ?? null, updatedAt: sql`now()` })
        .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')));
      await this.syncRefundTotals(tx, refund.booking_id);
      await alsoInTransaction?.(tx);
    });
  }

  /** The pending refunds a provider's event names, made due now; answers their ids. */
  async refundsDueNow(provider: PaymentProvider, reference: { refundId?: string; paymentReference?: string }): Promise<string[]> {
    const named = reference.refundId
      ? eq(paymentRefunds.providerRefundId, reference.refundId)
      : reference.paymentReference
        ? and(eq(paymentRefunds.paymentReference, reference.paymentReference), sql`${paymentRefunds.providerRefundId} is not null`)
        : undefined;
    if (!named) return [];
    const rows = await this.db
      .update(paymentRefunds)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.status, 'pending'), named))
      .returning({ id: paymentRefunds.id });
    return rows.map((row) => row.id);
  }
}
