import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  freeCancellationUntil,
  may,
  policyRefund,
  type PolicyRefund,
  toCents,
  toEuros,
  type Booking,
  type CancelBookingBody,
  type CancellationQuote,
  type RefundBody,
} from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { siteToday } from '../../../lib/dates.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { findBooking, type BookingLifecycle } from '../bookings/booking-lifecycle.ts';
import { toBooking, type BookingRow, type BookingsRepository } from '../bookings/bookings-repository.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import type { Refunds } from './refunds.ts';
import type { BalancesRepository } from '../balances/balances-repository.ts';

export interface CancellationsOptions {
  db: Database;
  bookings: BookingsRepository;
  lifecycle: BookingLifecycle;
  payments: PaymentsRepository;
  refunds: Refunds;
  /** The booking's payments, to spread a refund over them (decision 0044). */
  balances: Pick<BalancesRepository, 'refundableParts'>;
  timeZone: string;
  log: FastifyBaseLogger;
}

/** Money still refundable on a booking: what it received less what is refunded or being refunded. */
const refundableCents = (booking: BookingRow) => booking.paidCents - booking.refundedCents;

/**
 * Cancelling a booking and giving money back (docs/behaviour.md §10): the guest by the terms the booking was made
 * under, the admin as they choose; and the admin's refunds without cancelling. The refund is recorded in the
 * cancellation's transaction, under the booking's lock (so two cancels or two clicks refund once, and never more
 * than was received), and sent to the provider once it commits; the refund job retries what fails.
 */
export class Cancellations {
  constructor(private readonly options: CancellationsOptions) {}

  private today(): string {
    return siteToday(this.options.timeZone);
  }

  /** What cancelling now would give back, for the booking's owner or an admin. */
  async quote(user: UserRow, id: string): Promise<CancellationQuote> {
    const { booking } = await findBooking(this.options.bookings, id);
    this.assertOwnerOrAdmin(user, booking);
    const policy = this.policyRefund(booking);
    const policyCents = policy.totalCents;
    const refundCents = user.role === 'admin' ? refundableCents(booking) : this.staffOnOthers(user, booking) ? 0 : policyCents;
    return {
      refund_amount: toEuros(refundCents),
      policy_refund_amount: toEuros(policyCents),
      paid_amount: toEuros(booking.paidCents),
      fee: toEuros(refundableCents(booking) - refundCents),
      policy_refund_split: { rent_and_fees: toEuros(policy.rentAndFeesCents), taxes: toEuros(policy.taxesCents) },
      free_cancellation_until: freeCancellationUntil(booking.cancellationPolicy, booking.startDate),
      policy: booking.cancellationPolicy,
    };
  }

  /**
   * Cancels: a guest gets what the booking's terms give on the site's today; an admin gives back everything still
   * refundable unless `refund_amount` says otherwise; a staff member cancels another's booking without refund (the
   * permission table, docs/decisions/0039: an admin may refund later). 409 `booking_finished` once the stay is over.
   */
  async cancel(user: UserRow, id: string, body: CancelBookingBody = {}): Promise<Booking> {
    const admin = user.role === 'admin';
    const staff = user.role === 'staff';
    if (!admin && !staff && (body.refund_amount !== undefined || body.reason !== undefined)) {
      throw forbidden('Only an admin chooses the refund of a cancellation');
    }
    if (staff && body.refund_amount !== undefined && body.refund_amount !== 0) throw forbidden('Staff cancel without refund');
    const refundIds = await this.options.db.transaction(async (tx) => {
      const booking = await this.lockOwnOrAny(tx, user, id);
      this.options.lifecycle.assertCan('cancel', booking);
      if (this.today() >= booking.endDate) throw conflict('booking_finished', 'This stay is over and can no longer be cancelled');
      const cents =
        admin && body.refund_amount !== undefined
          ? toCents(body.refund_amount)
          : admin
            ? refundableCents(booking)
            : this.staffOnOthers(user, booking)
              ? 0
              : this.policyRefund(booking).totalCents;
      if (cents > refundableCents(booking)) throw refundTooLarge(booking, 'refund_amount');
      const note = body.reason || null;
      const refund = await this.recordRefund(tx, booking, cents, 'cancellation', `cancel-${booking.id}`, note, { byHand: true });
      await this.options.lifecycle.cancel(tx, id, booking.userId === user.id ? 'user' : 'admin', note, { refundByHandCents: refund.byHandCents });
      return refund.ids;
    });
    return this.afterRefund(id, refundIds);
  }

  /**
   * The balance job's cancellation of a booking whose balance is overdue under `overdue_action: cancel` (decision 0044):
   * by the system, what was paid given back as the booking's cancellation terms say on the site's today. In the job's
   * transaction; answers the refunds to send once it commits (`sendRefunds`).
   */
  async cancelUnpaidBalance(tx: Executor, id: string): Promise<string[]> {
    const locked = await this.options.bookings.lock(tx, id);
    if (!locked || locked.booking.status !== 'confirmed') return [];
    const { booking } = locked;
    const cents = Math.min(this.policyRefund(booking).totalCents, refundableCents(booking));
    const refund = await this.recordRefund(tx, booking, cents, 'cancellation', `cancel-${booking.id}`, 'balance overdue', { byHand: true });
    await this.options.lifecycle.cancelUnpaidBalance(tx, id);
    return refund.ids;
  }

  /** Sends refunds recorded in a committed transaction (the refund job retries what fails). */
  async sendRefunds(ids: string[]): Promise<void> {
    for (const refundId of ids) {
      try {
        await this.options.refunds.process(refundId);
      } catch (error) {
        this.options.log.warn({ err: error, refundId }, 'refund not sent yet; the refund job will send it');
      }
    }
  }

  /**
   * An admin's refund without cancelling (a goodwill gesture, or again after a failed refund). `key` (the
   * Idempotency-Key of the click) makes a repeated request answer the first refund again and move no money.
   */
  async refund(id: string, body: RefundBody, key: string | undefined): Promise<Booking> {
    const idempotencyKey = `admin-${key ?? randomUUID()}`;
    const cents = toCents(body.amount);
    const refundIds = await this.options.db.transaction(async (tx) => {
      const locked = await this.options.bookings.lock(tx, id);
      if (!locked) throw notFound('booking_not_found', 'Booking not found');
      const { booking } = locked;
      const earlier = await this.options.payments.refundsByKey(tx, idempotencyKey);
      if (earlier) {
        if (earlier.bookingId !== id || earlier.amountCents !== cents) {
          throw conflict('idempotency_key_reused', 'This Idempotency-Key was already used for another refund');
        }
        return [];
      }
      if (booking.paidCents === 0) throw conflict('nothing_to_refund', 'No payment was received for this booking');
      if (cents > refundableCents(booking)) throw refundTooLarge(booking, 'amount');
      return (await this.recordRefund(tx, booking, cents, 'goodwill', idempotencyKey, body.reason || null, { byHand: false })).ids;
    });
    return this.afterRefund(id, refundIds);
  }

  /** The policy's refund: its share of rent and fees, and the taxes paid in full before arrival (docs/behaviour.md §18). */
  private policyRefund(booking: BookingRow): PolicyRefund {
    return policyRefund(
      booking.cancellationPolicy,
      { startDate: booking.startDate, paidCents: booking.paidCents, refundedCents: booking.refundedCents, taxesCents: booking.taxesCents },
      this.today(),
    );
  }

  /** The guest, an admin, or staff (who may cancel any booking, permissions.ts). */
  private assertOwnerOrAdmin(user: UserRow, booking: BookingRow): void {
    if (booking.userId !== user.id && !may(user.role, 'bookings.cancel')) throw forbidden('This booking belongs to someone else');
  }

  /** A staff member acting on someone else's booking: no refund. */
  private staffOnOthers(user: UserRow, booking: BookingRow): boolean {
    return user.role === 'staff' && booking.userId !== user.id;
  }

  private async lockOwnOrAny(tx: Executor, user: UserRow, id: string): Promise<BookingRow> {
    const locked = await this.options.bookings.lock(tx, id);
    if (!locked) throw notFound('booking_not_found', 'Booking not found');
    this.assertOwnerOrAdmin(user, locked.booking);
    return locked.booking;
  }

  /**
   * A refund spread over the booking's card and PayPal payments, latest first, each part through the provider it came
   * by (decision 0044), recorded with the booking's totals (the caller holds its lock). The first part has the key, the
   * next ones `key#2`, `key#3`…, so a repeat records nothing. Money recorded by hand is not sent back by the site: past
   * what the providers can give back, a cancellation answers the rest as `byHandCents` (the owner is told, and gives it
   * back by hand); an admin's refund without cancelling is refused (409 nothing_to_refund).
   */
  private async recordRefund(
    tx: Executor,
    booking: BookingRow,
    cents: number,
    reason: 'cancellation' | 'goodwill',
    key: string,
    note: string | null,
    { byHand }: { byHand: boolean },
  ): Promise<{ ids: string[]; byHandCents: number }> {
    if (cents <= 0) return { ids: [], byHandCents: 0 };
    const parts = await this.options.balances.refundableParts(tx, booking.id);
    const refundable = parts.reduce((sum, part) => sum + part.refundable_cents, 0);
    if (refundable < cents && !byHand) {
      throw conflict('nothing_to_refund', refundable === 0 ? 'This booking has no card or PayPal payment to refund' : 'Part of this refund was paid by hand: give it back by hand');
    }
    const ids: string[] = [];
    let left = Math.min(cents, refundable);
    for (const [index, part] of parts.entries()) {
      if (left === 0) break;
      const amountCents = Math.min(left, part.refundable_cents);
      left -= amountCents;
      const recorded = await this.options.refunds.add(tx, {
        bookingId: booking.id,
        provider: part.method,
        paymentReference: part.reference,
        amountCents,
        reason,
        idempotencyKey: index === 0 ? key : `${key}#${index + 1}`,
        note,
      });
      if (recorded.created) ids.push(recorded.id);
    }
    const byHandCents = cents - Math.min(cents, refundable);
    if (byHandCents > 0) this.options.log.warn({ bookingId: booking.id, byHandCents }, 'part of a cancellation’s refund was paid by hand: the owner gives it back');
    return { ids, byHandCents };
  }

  /** Once the transaction has committed: the providers are asked now (the refund job retries a failure), then the booking read. */
  private async afterRefund(id: string, refundIds: string[]): Promise<Booking> {
    await this.sendRefunds(refundIds);
    return toBooking(await findBooking(this.options.bookings, id));
  }
}

function refundTooLarge(booking: BookingRow, field: string) {
  const left = toEuros(refundableCents(booking)).toFixed(2);
  return badRequest('refund_too_large', `At most €${left} can still be refunded on this booking`, field);
}
