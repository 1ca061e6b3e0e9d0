import type { FastifyBaseLogger } from 'fastify';
import type { Invoicing } from '../invoices/invoicing.ts';
import type { PartPaid } from '../invoices/invoice-documents.ts';
import type { PaymentStatus } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import type { PaymentProvider, RefundReason } from '../../../db/payments-schema.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle.ts';
import { forbidden } from '../../../lib/errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { BookingRow, BookingsRepository, BookingView } from '../bookings/bookings-repository.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import { notPayable } from './provider-access.ts';
import { balanceOpen, dueAtBookingCents } from '../balances/balance-schedule.ts';
import type { Refunds } from './refunds.ts';

/** A payment the provider reports as done. */
export interface ReceivedPayment {
  provider: PaymentProvider;
  bookingId: string;
  /** Stripe PaymentIntent id or PayPal capture id. */
  reference: string;
  amountCents: number | null;
  currency: string | null;
  /** The session or order it came through. */
  externalId: string;
  /** Stripe: the card the guest saved for the balance with this payment (decision 0044). */
  savedCard?: { customerId: string; paymentMethodId: string };
}

export type SettlementOutcome =
  | { outcome: 'confirmed' | 'already_confirmed' | 'unknown_booking' }
  | { outcome: 'refund'; refundId: string | undefined };

/** Only the guest pays their own booking, by the method they chose, while its hold lasts. */
export function assertPayable({ booking, holdActive }: BookingView, user: UserRow, method: 'stripe' | 'paypal') {
  if (booking.userId !== user.id) throw forbidden('This booking belongs to someone else');
  if (booking.paymentMethod !== method) throw notPayable(`This booking is not paid by ${method}`);
  if (booking.status === 'confirmed') throw notPayable('This booking is already paid');
  if (booking.status === 'cancelled') {
    throw notPayable(booking.cancelReason === 'expired' ? 'The hold on these dates has expired; please book again' : 'This booking is cancelled');
  }
  if (!holdActive) throw notPayable('The hold on these dates has expired; please book again');
}

/** What the guest is told about a booking's payment. */
export function paymentStatusOf(booking: BookingRow, provider?: { expired?: boolean; processing?: boolean }, holdActive = true): PaymentStatus {
  if (booking.status === 'confirmed') return 'paid';
  if (booking.refundStatus === 'succeeded') return 'refunded';
  if (booking.refundStatus) return 'refund_pending';
  if (booking.status === 'cancelled') return booking.cancelReason === 'expired' ? 'expired' : 'cancelled';
  if (provider?.processing) return 'pending';
  if (provider?.expired || !holdActive) return 'expired';
  return 'unpaid';
}

/** What the guest is told about a payment of the balance: paid once the balance is settled (or given up). */
export function balancePaymentStatus(booking: BookingRow, provider?: { expired?: boolean; processing?: boolean }): PaymentStatus {
  if (booking.balanceStatus === 'paid' || booking.balanceStatus === 'waived') return 'paid';
  if (booking.status === 'cancelled') return 'cancelled';
  if (provider?.processing) return 'pending';
  if (provider?.expired) return 'expired';
  return 'unpaid';
}

export interface SettlementOptions {
  db: Database;
  bookings: BookingsRepository;
  lifecycle: BookingLifecycle;
  payments: PaymentsRepository;
  refunds: Refunds;
  /** The invoice of a payment that pays a booking, issued in the settling transaction (docs/decisions/0037-invoices.md). */
  invoicing: Invoicing;
  log: FastifyBaseLogger;
}

/**
 * Money in → the booking's transition. Every path that learns of a payment (webhook, status poll, capture,
 * reconciliation) comes here; it is idempotent under the booking's row lock and never puts two bookings on one
 * night: a payment for a released hold whose dates were taken is owed back.
 */
export class Settlement {
  constructor(private readonly options: SettlementOptions) {}

  /** Settles in its own transaction, then gives money back at once when some is owed (the refund job retries). */
  async settleNow(payment: ReceivedPayment): Promise<SettlementOutcome> {
    const outcome = await this.options.db.transaction((tx) => this.settle(tx, payment));
    await this.afterSettle(outcome);
    return outcome;
  }

  /** After the settling transaction commits. */
  async afterSettle(outcome: SettlementOutcome): Promise<void> {
    if (outcome.outcome === 'refund' && outcome.refundId) await this.options.refunds.process(outcome.refundId);
  }

  /**
   * Pending → confirmed. Already confirmed by this payment → nothing. A released hold → confirmed again if its
   * nights are still free, otherwise owed back. A cancelled booking, a second payment or a wrong amount → owed back.
   */
  async settle(tx: Executor, payment: ReceivedPayment): Promise<SettlementOutcome> {
    const { lifecycle, payments, log } = this.options;
    const locked = await this.options.bookings.lock(tx, payment.bookingId);
    if (!locked) {
      log.warn({ bookingId: payment.bookingId, provider: payment.provider }, 'payment for an unknown booking');
      return { outcome: 'unknown_booking' };
    }
    const { booking } = locked;
    const purpose = (await payments.attemptPurpose(tx, payment.provider, payment.externalId)) ?? 'booking';
    const expected = purpose === 'balance' ? booking.balanceCents : dueAtBookingCents(booking);
    // Money in, counted once per payment however many paths report it.
    const fresh = await payments.markAttemptPaid(tx, payment.provider, payment.externalId);
    if (fresh) {
      const kind = purpose === 'balance' ? 'balance' : booking.balanceCents > 0 ? 'deposit' : 'full';
      await payments.recordReceived(tx, {
        bookingId: booking.id,
        kind,
        method: payment.provider,
        reference: payment.reference,
        amountCents: payment.amountCents ?? expected,
      });
    }
    if (purpose === 'balance') return this.settleBalance(tx, booking, payment, fresh);
    if (fresh && payment.savedCard && booking.balanceCents > 0) {
      await this.options.bookings.update(tx, booking.id, {
        stripeCustomerId: payment.savedCard.customerId,
        stripePaymentMethodId: payment.savedCard.paymentMethodId,
        balanceAutoCharge: true,
      });
    }

    if (booking.status === 'confirmed') {
      if (!booking.paymentReference) await payments.recordPaymentReference(tx, booking.id, payment.reference);
      if (!booking.paymentReference || booking.paymentReference === payment.reference) return { outcome: 'already_confirmed' };
      return this.owe(tx, booking, payment, 'duplicate_payment', false);
    }
    if (payment.amountCents !== expected || payment.currency?.toLowerCase() !== 'eur') {
      log.warn({ bookingId: booking.id, amount: payment.amountCents, currency: payment.currency }, 'payment amount differs from what the booking owes now');
      return this.owe(tx, booking, payment, 'amount_mismatch', booking.status === 'cancelled' && !booking.refundStatus);
    }
    if (booking.status === 'pending') {
      const confirmed = await lifecycle.confirm(tx, booking.id, payment.reference);
      await this.invoice(tx, confirmed.booking, payment);
      return { outcome: 'confirmed' };
    }
    // Cancelled.
    if (booking.refundStatus) {
      if (booking.paymentReference === payment.reference) return { outcome: 'refund', refundId: undefined };
      return this.owe(tx, booking, payment, 'duplicate_payment', false);
    }
    if (booking.cancelReason === 'expired') {
      const confirmed = await lifecycle.confirmReleased(tx, booking.id, payment.reference);
      if (confirmed) {
        await this.invoice(tx, confirmed.booking, payment);
        log.info({ bookingId: booking.id }, 'late payment confirmed a released hold whose dates were still free');
        return { outcome: 'confirmed' };
      }
      return this.owe(tx, booking, payment, 'dates_taken', true);
    }
    return this.owe(tx, booking, payment, 'booking_cancelled', true);
  }

  /**
   * A payment of the balance (decision 0044): a confirmed booking whose balance is open and of that amount → paid and
   * invoiced; already settled → nothing; anything else (cancelled, paid already, a wrong amount) is owed back.
   */
  private async settleBalance(tx: Executor, booking: BookingRow, payment: ReceivedPayment, fresh: boolean): Promise<SettlementOutcome> {
    if (!fresh) return { outcome: 'already_confirmed' };
    if (!balanceOpen(booking)) {
      return this.owe(tx, booking, payment, booking.status === 'cancelled' ? 'booking_cancelled' : 'duplicate_payment', false);
    }
    if (payment.amountCents !== booking.balanceCents || payment.currency?.toLowerCase() !== 'eur') {
      this.options.log.warn({ bookingId: booking.id, amount: payment.amountCents }, 'balance payment differs from the balance');
      return this.owe(tx, booking, payment, 'amount_mismatch', false);
    }
    await this.options.bookings.update(tx, booking.id, { balanceStatus: 'paid' });
    await this.invoice(tx, { ...booking, balanceStatus: 'paid' }, payment, 'balance');
    this.options.log.info({ bookingId: booking.id, provider: payment.provider }, 'balance paid');
    return { outcome: 'confirmed' };
  }

  /** The payment that paid the booking, invoiced in the transaction that records it (money owed back is not invoiced). */
  private async invoice(tx: Executor, booking: BookingRow, payment: ReceivedPayment, part?: PartPaid): Promise<void> {
    await this.options.invoicing.issueForPayment(tx, booking, {
      provider: payment.provider,
      reference: payment.reference,
      amountCents: payment.amountCents ?? dueAtBookingCents(booking),
      part: part ?? (booking.balanceCents > 0 ? 'deposit' : undefined),
    });
  }

  private async owe(tx: Executor, booking: BookingRow, payment: ReceivedPayment, reason: RefundReason, flagBooking: boolean): Promise<SettlementOutcome> {
    this.options.log.warn({ bookingId: booking.id, provider: payment.provider, reason }, 'payment flagged for refund');
    const refundId = await this.options.payments.oweRefund(
      tx,
      {
        bookingId: booking.id,
        provider: payment.provider,
        paymentReference: payment.reference,
        amountCents: payment.amountCents ?? booking.totalCents - booking.balanceCents,
        reason,
      },
      flagBooking,
    );
    return { outcome: 'refund', refundId };
  }
}
