import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import type { PaypalGateway } from './paypal-gateway.ts';
import type { PaypalOrders } from './paypal-orders.ts';
import type { ProviderAccess } from './provider-access.ts';
import type { Refunds } from './refunds.ts';
import type { StripeCheckout } from './stripe-checkout.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/** A job asks the provider about one attempt at most this often. */
const ATTEMPT_LEASE_SECONDS = 60;
/** Holds the hold job releases per run. */
const RELEASE_BATCH = 200;
/** A PayPal capture still PENDING is asked about at most this often (its webhook is the fast path). */
const PENDING_CAPTURE_LEASE_SECONDS = 15 * 60;

export interface ReconciliationOptions {
  db: Database;
  lifecycle: BookingLifecycle;
  payments: PaymentsRepository;
  providers: ProviderAccess;
  checkout: StripeCheckout;
  orders: PaypalOrders;
  refunds: Refunds;
  stripe: StripeGateway;
  paypal: PaypalGateway;
  log: FastifyBaseLogger;
}

/** The background work of payments, safe on many instances: releasing expired holds, and asking providers what a lost webhook would have said. */
export class Reconciliation {
  constructor(private readonly options: ReconciliationOptions) {}

  /**
   * The hold job: releases pending holds past their end (the life cycle's `releaseExpired`, shared between instances),
   * then closes the provider sessions of bookings no longer pending, whichever path ended them.
   */
  async releaseExpiredHolds(): Promise<{ released: string[] }> {
    const released = await this.options.db.transaction((tx) => this.options.lifecycle.releaseExpired(tx, { limit: RELEASE_BATCH }));
    if (released.length) this.options.log.info({ count: released.length }, 'expired holds released');
    await this.closeAbandonedAttempts();
    return { released };
  }

  /**
   * Expires the open sessions of bookings that are no longer pending, or that the guest now pays another way, so
   * nobody pays for a hold that is gone nor twice for one booking.
   */
  private async closeAbandonedAttempts(): Promise<void> {
    const { payments, providers } = this.options;
    // A PayPal capture still PENDING is not abandoned: money is on its way (reconcile watches it).
    const claimed = await payments.claimAttempts({ kind: 'abandoned' }, ATTEMPT_LEASE_SECONDS);
    let stripeKey: string | undefined;
    for (const attempt of claimed) {
      try {
        if (attempt.provider === 'paypal') {
          // An uncaptured order never charges (capture is ours, and it re-checks the booking first); but a capture
          // whose answer was lost may have taken the money (settled, and so refunded) or be PENDING (watched from now on).
          const order = await this.options.paypal.getOrder(await providers.paypalCredentials(), attempt.external_id);
          if (order.paid || order.captureStatus === 'PENDING') await this.options.orders.apply(order, attempt.booking_id);
          else await payments.closeAttempt('paypal', attempt.external_id);
          continue;
        }
        stripeKey ??= await providers.stripeKey();
        const session = await this.options.stripe.expireSession(stripeKey, attempt.external_id);
        if (session.paid) await this.options.checkout.settle(session);
        else if (session.status === 'expired') await payments.closeAttempt('stripe', attempt.external_id);
      } catch (error) {
        this.options.log.warn({ err: error, attempt: attempt.external_id }, 'could not close a payment session; will retry');
      }
    }
  }

  /**
   * Asks the provider about open payments of pending bookings older than `minAgeSeconds` whose webhook (or capture
   * call) never came, and about PayPal captures still PENDING whatever their booking's state; settles what was paid,
   * releases what PayPal refused, then retries due refunds.
   */
  async reconcile(options: { minAgeSeconds?: number } = {}): Promise<{ checked: number; settled: number }> {
    const { payments, providers, orders } = this.options;
    const minAge = options.minAgeSeconds ?? 120;
    const claimed = [
      ...(await payments.claimAttempts({ kind: 'unsettled', minAgeSeconds: minAge }, ATTEMPT_LEASE_SECONDS)),
      ...(await payments.claimAttempts({ kind: 'pendingCaptures' }, PENDING_CAPTURE_LEASE_SECONDS)),
    ];
    let settled = 0;
    for (const attempt of claimed) {
      try {
        if (attempt.provider === 'stripe') {
          const session = await this.options.stripe.retrieveSession(await providers.stripeKey(), attempt.external_id);
          if (session.paid) {
            await this.options.checkout.settle(session);
            settled++;
          } else if (session.status === 'expired') {
            await this.options.db.transaction((tx) => this.options.checkout.releaseForExpiredSession(tx, attempt.booking_id, attempt.external_id));
          }
          continue;
        }
        const credentials = await providers.paypalCredentials();
        let order = await this.options.paypal.getOrder(credentials, attempt.external_id);
        // Approved by the payer but never captured (the browser closed): a balance's is captured now (no nights to hold).
        if (order.status === 'APPROVED' && attempt.purpose === 'balance') {
          order = await orders.capture(credentials, attempt.booking_id, order.id);
        } else if (order.status === 'APPROVED' && attempt.booking_paypal_order_id === attempt.external_id) {
          // The booking's own: captured while the hold lasts.
          if ((await orders.retakeHold(attempt.booking_id)) !== 'held') continue;
          order = await orders.capture(credentials, attempt.booking_id, order.id);
        }
        await orders.apply(order, attempt.booking_id);
        if (order.paid) settled++;
        else if (order.captureStatus === 'PENDING' && attempt.booking_status !== 'pending') {
          // Past its hold (or cancelled): the nights are free again, the money still in PayPal's hands.
          this.options.log.warn(
            { bookingId: attempt.booking_id, orderId: attempt.external_id },
            'PayPal capture still pending after its booking stopped holding the nights: check it in PayPal; a completion will be settled or refunded',
          );
        }
      } catch (error) {
        this.options.log.warn({ err: error, attempt: attempt.external_id }, 'reconciliation could not check a payment; will retry');
      }
    }
    await this.options.refunds.process();
    return { checked: claimed.length, settled };
  }
}
