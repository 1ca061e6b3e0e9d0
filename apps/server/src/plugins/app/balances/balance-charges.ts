import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { BookingView } from '../bookings/bookings-repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { PaymentsRepository } from '../payments/payments-repository.ts';
import type { ProviderAccess } from '../payments/provider-access.ts';
import type { Settlement } from '../payments/settlement.ts';
import type { OffSessionOutcome, StripeGateway } from '../payments/stripe-gateway.ts';

export interface BalanceChargesOptions {
  db: Database;
  payments: PaymentsRepository;
  providers: ProviderAccess;
  stripe: StripeGateway;
  settlement: Settlement;
  notifier: Notifier;
  log: FastifyBaseLogger;
}

/**
 * Charging a balance on the card the guest saved at the deposit (decision 0044), the guest away: the job on the due
 * date (`auto`, one idempotency key per booking, so a retried run charges once) or the owner's "charge now" (`now`, a
 * key per try). The money is settled like any payment (webhooks and reconciliation may report it too: counted once);
 * a decline or a bank asking for the guest becomes an e-mail with a link to pay the balance themselves.
 */
export class BalanceCharges {
  constructor(private readonly options: BalanceChargesOptions) {}

  async charge(view: BookingView, trigger: 'auto' | 'now'): Promise<OffSessionOutcome['state']> {
    const { booking } = view;
    const { payments, stripe, providers, log } = this.options;
    if (!booking.stripeCustomerId || !booking.stripePaymentMethodId) return 'refused';
    const key = await providers.stripeKey();
    const tries = trigger === 'now' ? await payments.countAttempts(booking.id, 'stripe') : 0;
    const outcome = await providers.call('stripe.paymentIntents.create', () =>
      stripe.chargeOffSession(key, {
        bookingId: booking.id,
        amountCents: booking.balanceCents,
        customerId: booking.stripeCustomerId!,
        paymentMethodId: booking.stripePaymentMethodId!,
        description: `Balance · ${booking.startDate} → ${booking.endDate}`,
        idempotencyKey: trigger === 'auto' ? `balance-auto-${booking.id}` : `balance-now-${booking.id}-${tries}`,
      }),
    );
    if (outcome.state === 'succeeded') {
      const settled = await this.options.db.transaction(async (tx) => {
        await payments.insertAttempt(tx, {
          bookingId: booking.id,
          provider: 'stripe',
          purpose: 'balance',
          externalId: outcome.paymentIntentId,
          amountCents: booking.balanceCents,
        });
        return this.options.settlement.settle(tx, {
          provider: 'stripe',
          bookingId: booking.id,
          reference: outcome.paymentIntentId,
          amountCents: outcome.amountCents,
          currency: outcome.currency,
          externalId: outcome.paymentIntentId,
        });
      });
      await this.options.settlement.afterSettle(settled);
      log.info({ bookingId: booking.id, trigger }, 'balance charged on the saved card');
      return 'succeeded';
    }
    // Recorded as a closed attempt (nothing to settle) and the guest asked to pay by themselves.
    await this.options.db.transaction(async (tx) => {
      if (outcome.paymentIntentId) {
        await payments.insertAttempt(tx, {
          bookingId: booking.id,
          provider: 'stripe',
          purpose: 'balance',
          externalId: outcome.paymentIntentId,
          amountCents: booking.balanceCents,
          status: 'closed',
        });
      }
      await this.options.notifier.balanceChargeFailed(tx, view);
    });
    log.warn({ bookingId: booking.id, trigger, code: outcome.code }, 'balance charge refused: the guest is asked to pay');
    return 'refused';
  }
}
