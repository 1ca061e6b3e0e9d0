import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsRepository } from './payments-repository.ts';
import type { PaypalGateway } from './paypal-gateway.ts';
import type { ProviderAccess } from './provider-access.ts';
import type { StripeGateway } from './stripe-gateway.ts';

const MAX_REFUND_ATTEMPTS = 6;

export interface RefundsOptions {
  payments: PaymentsRepository;
  providers: ProviderAccess;
  stripe: StripeGateway;
  paypal: PaypalGateway;
  log: FastifyBaseLogger;
}

/** Gives owed money back through the provider it came by, retrying with back-off until it gives up to the admin. */
export class Refunds {
  constructor(private readonly options: RefundsOptions) {}

  /**
   * Claims due refunds with a lease, asks the provider, and records the result. The provider's idempotency key makes
   * a repeated refund call harmless.
   */
  async process(onlyId?: string): Promise<number> {
    const { payments, providers, log } = this.options;
    const claimed = await payments.claimRefunds(onlyId);
    for (const refund of claimed) {
      try {
        const providerRefundId =
          refund.provider === 'stripe'
            ? (await this.options.stripe.refund(await providers.stripeKey(), refund.payment_reference)).id
            : (await this.options.paypal.refundCapture(await providers.paypalCredentials(), refund.payment_reference)).id;
        await payments.finishRefund(refund, 'refunded', { providerRefundId });
        log.info({ bookingId: refund.booking_id, provider: refund.provider }, 'payment refunded');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const gaveUp = refund.attempts >= MAX_REFUND_ATTEMPTS;
        log.warn({ err: error, bookingId: refund.booking_id, attempts: refund.attempts }, gaveUp ? 'refund failed; the admin must refund by hand' : 'refund failed; will retry');
        if (gaveUp) await payments.finishRefund(refund, 'failed', { lastError: message });
        else await payments.retryRefundLater(refund.id, message, 2 ** refund.attempts);
      }
    }
    return claimed.length;
  }
}
