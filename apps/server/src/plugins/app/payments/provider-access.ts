import type { FastifyBaseLogger } from 'fastify';
import { AppError, conflict } from '../../../lib/errors.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { PaypalError, type PaypalCredentials } from './paypal-gateway.ts';

export const notConfigured = (provider: string) =>
  new AppError(503, 'payment_not_configured', `${provider} payments are not configured on this site`);
export const notPayable = (detail: string) => conflict('booking_not_payable', detail);
export const providerFailed = (detail = 'The payment provider did not answer; please try again') => new AppError(502, 'payment_failed', detail);

/** The providers' keys as the admin set them (or the environment), and one way to call a provider. */
export class ProviderAccess {
  constructor(
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async stripeKey(): Promise<string> {
    const key = (await this.settings.paymentCredentials()).stripeSecretKey;
    if (!key) throw notConfigured('Card');
    return key;
  }

  async stripeWebhookSecrets(): Promise<{ key: string | undefined; webhookSecret: string }> {
    const credentials = await this.settings.paymentCredentials();
    if (!credentials.stripeWebhookSecret) throw notConfigured('Card');
    return { key: credentials.stripeSecretKey ?? undefined, webhookSecret: credentials.stripeWebhookSecret };
  }

  async paypalCredentials(): Promise<PaypalCredentials> {
    const credentials = await this.settings.paymentCredentials();
    if (!credentials.paypalClientId || !credentials.paypalSecret) throw notConfigured('PayPal');
    return { clientId: credentials.paypalClientId, secret: credentials.paypalSecret, mode: credentials.paypalMode };
  }

  /** Runs a provider call; a network failure or refusal becomes 502 payment_failed (or 402 when the payer was declined). */
  async call<T>(what: string, call: () => Promise<T>): Promise<T> {
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
}
