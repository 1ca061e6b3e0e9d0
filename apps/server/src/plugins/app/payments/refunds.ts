import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../../db/client.ts';
import type { PaymentProvider } from '../../../db/payments-schema.ts';
import type { Invoicing } from '../invoices/invoicing.ts';
import type { ClaimedRefund, NewRefund, PaymentsRepository, RecordedRefund } from './payments-repository.ts';
import type { PaypalGateway } from './paypal-gateway.ts';
import type { ProviderAccess } from './provider-access.ts';
import type { ProviderRefund, ProviderRefundRequest } from './refund-provider.ts';
import type { StripeGateway } from './stripe-gateway.ts';

export type { ProviderRefund, ProviderRefundRequest } from './refund-provider.ts';

/** Failed calls to the provider before a refund is given up to the admin (`failed`). */
const MAX_REFUND_ATTEMPTS = 6;
/** How often a refund the provider is still processing is asked about again, when no webhook tells first. */
const PROCESSING_RECHECK_MINUTES = 30;
/** Longest wait between two look-ups of a refund past its last try while the provider cannot be asked. */
const LOOKUP_RETRY_CAP_MINUTES = 24 * 60;

export interface RefundsOptions {
  payments: PaymentsRepository;
  providers: ProviderAccess;
  stripe: StripeGateway;
  paypal: PaypalGateway;
  /** Issues a refund's credit note, and cancels it when the refund fails (docs/decisions/0037-invoices.md). */
  invoicing: Invoicing;
  log: FastifyBaseLogger;
}

/** The provider's idempotency key of one refund of ours. */
export const providerRefundKey = (refundId: string) => `refund-${refundId}`;

/**
 * Gives owed money back through the provider it came by (docs/behaviour.md §10): each refund row is sent once with a
 * key of its own, retried with back-off while the provider fails, followed while the provider processes it, and given
 * up to the admin (`failed`) when the provider refuses it, or after its last try once the provider says it has no such
 * refund.
 */
export class Refunds {
  constructor(private readonly options: RefundsOptions) {}

  /**
   * Records a refund in the caller's transaction (which holds the booking's lock) and, the first time, issues its
   * credit note in the same transaction (docs/behaviour.md §18).
   */
  async add(tx: Executor, refund: NewRefund): Promise<RecordedRefund> {
    const recorded = await this.options.payments.addRefund(tx, refund);
    if (recorded.created) {
      await this.options.invoicing.issueForRefund(tx, { id: recorded.id, bookingId: refund.bookingId, paymentReference: refund.paymentReference, amountCents: refund.amountCents });
    }
    return recorded;
  }

  /** Claims due refunds (or the one given) with a lease, asks the provider, and records what it answers. */
  async process(onlyId?: string): Promise<number> {
    const { payments, log } = this.options;
    const claimed = await payments.claimRefunds(onlyId);
    for (const refund of claimed) {
      try {
        // Past its last try (a look-up that could not be made then): only asked about, never sent again.
        if (!refund.provider_refund_id && refund.attempts > MAX_REFUND_ATTEMPTS) {
          await this.giveUpUnlessFound(refund, refund.last_error ?? 'the provider could not be reached');
          continue;
        }
        const answer = refund.provider_refund_id ? await this.retrieve(refund, refund.provider_refund_id) : await this.send(refund);
        await this.record(refund, answer);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const lastTry = refund.attempts >= MAX_REFUND_ATTEMPTS;
        log.warn({ err: error, bookingId: refund.booking_id, attempts: refund.attempts }, lastTry ? 'refund failed at its last try' : 'refund failed; will retry');
        if (lastTry) await this.giveUpUnlessFound(refund, message);
        else await payments.retryRefundLater(refund.id, message, 2 ** refund.attempts);
      }
    }
    return claimed.length;
  }

  private async record(refund: ClaimedRefund, answer: ProviderRefund): Promise<void> {
    const { payments, log } = this.options;
    if (answer.state === 'pending') {
      await payments.awaitProviderRefund(refund.id, answer.id, PROCESSING_RECHECK_MINUTES);
    } else {
      await this.finish(refund, answer.state, { providerRefundId: answer.id, lastError: answer.state === 'failed' ? 'refused by the provider' : undefined });
      log.info({ bookingId: refund.booking_id, provider: refund.provider, state: answer.state }, 'refund finished');
    }
  }

  /**
   * Every call failed, but one may have gone through with its answer lost: the payment's refunds are asked for ours
   * (by our key) before it is given up to the admin. Found: recorded as the provider has it. Not asked (the provider
   * still unreachable): asked again later, never marked failed blind (docs/behaviour.md §10).
   */
  private async giveUpUnlessFound(refund: ClaimedRefund, lastError: string): Promise<void> {
    const { payments, providers, log } = this.options;
    const request = this.request(refund);
    let found: ProviderRefund | null;
    try {
      found =
        refund.provider === 'stripe'
          ? await this.options.stripe.findRefund(await providers.stripeKey(), request)
          : await this.options.paypal.findRefund(await providers.paypalCredentials(), request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, bookingId: refund.booking_id }, 'refund not given up: its payment’s refunds could not be read; will ask again');
      await payments.retryRefundLater(refund.id, `${lastError} (then the provider's refunds could not be read: ${message})`, Math.min(2 ** refund.attempts, LOOKUP_RETRY_CAP_MINUTES));
      return;
    }
    if (found) {
      log.info({ bookingId: refund.booking_id, provider: refund.provider, state: found.state }, 'refund found at the provider after its calls failed');
      await this.record(refund, found);
      return;
    }
    log.warn({ bookingId: refund.booking_id, provider: refund.provider }, 'refund failed; the provider has no such refund; the admin must act');
    await this.finish(refund, 'failed', { lastError });
  }

  /** A failed refund keeps its credit note; an entry cancelling it is issued in the same transaction. */
  private finish(refund: ClaimedRefund, state: 'succeeded' | 'failed', detail: { providerRefundId?: string; lastError?: string }): Promise<void> {
    const { payments, invoicing } = this.options;
    return payments.finishRefund(refund, state, detail, state === 'failed' ? async (tx) => void (await invoicing.cancelForFailedRefund(tx, refund.id)) : undefined);
  }

  /**
   * A provider says something happened to a refund or to a payment's refunds (a webhook): the refunds it names are
   * asked about now. The event's body is only a hint; what counts is what the provider answers when asked.
   */
  async providerReported(provider: PaymentProvider, reference: { refundId?: string; paymentReference?: string }): Promise<void> {
    for (const id of await this.options.payments.refundsDueNow(provider, reference)) await this.process(id);
  }

  private request(refund: ClaimedRefund): ProviderRefundRequest {
    return { paymentReference: refund.payment_reference, amountCents: refund.amount_cents, idempotencyKey: providerRefundKey(refund.id) };
  }

  private async send(refund: ClaimedRefund): Promise<ProviderRefund> {
    const request = this.request(refund);
    const { providers } = this.options;
    return refund.provider === 'stripe'
      ? this.options.stripe.refund(await providers.stripeKey(), request)
      : this.options.paypal.refund(await providers.paypalCredentials(), request);
  }

  private async retrieve(refund: ClaimedRefund, providerRefundId: string): Promise<ProviderRefund> {
    const { providers } = this.options;
    return refund.provider === 'stripe'
      ? this.options.stripe.retrieveRefund(await providers.stripeKey(), providerRefundId)
      : this.options.paypal.retrieveRefund(await providers.paypalCredentials(), providerRefundId);
  }
}
