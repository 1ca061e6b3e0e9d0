import { inArray, sql } from 'drizzle-orm';
import type { PaymentSettings, PaymentSettingsUpdate, PaypalMode } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';
import { maskSecret, type SecretBox } from '../../../lib/secrets.ts';

/** Settings keys; the ones in SECRET_KEYS are sealed with SETTINGS_KEY before they are stored. */
const KEYS = {
  stripeApiKey: 'stripe_api_key',
  stripeWebhookSecret: 'stripe_webhook_secret',
  paypalClientId: 'paypal_client_id',
  paypalSecret: 'paypal_secret',
  paypalMode: 'paypal_mode',
  whatsappNumber: 'whatsapp_number',
} as const;
type Key = (typeof KEYS)[keyof typeof KEYS];
const SECRET_KEYS = new Set<Key>([KEYS.stripeApiKey, KEYS.stripeWebhookSecret, KEYS.paypalSecret]);

export const DEFAULT_WHATSAPP_NUMBER = '+32 470 00 00 00';

/** What the payment code needs, with the environment winning over the admin's settings. */
export interface PaymentCredentials {
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  paypalClientId?: string;
  paypalSecret?: string;
  paypalMode: PaypalMode;
}

export interface SettingsServiceOptions {
  db: Database;
  box: SecretBox;
  env: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string };
}

export class SettingsService {
  constructor(private readonly options: SettingsServiceOptions) {}

  private async read(keys: Key[], executor: Executor = this.options.db): Promise<Partial<Record<Key, string>>> {
    const rows = await executor.select().from(settings).where(inArray(settings.key, keys));
    const values: Partial<Record<Key, string>> = {};
    for (const row of rows) values[row.key as Key] = row.encrypted ? this.options.box.open(row.value) : row.value;
    return values;
  }

  private async write(values: Partial<Record<Key, string>>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => {
      const secret = SECRET_KEYS.has(key as Key);
      return { key, value: secret ? this.options.box.seal(value!) : value!, encrypted: secret };
    });
    if (rows.length === 0) return;
    await this.options.db
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, encrypted: sql`excluded.encrypted`, updatedAt: sql`now()` },
      });
  }

  async paymentCredentials(): Promise<PaymentCredentials> {
    const stored = await this.read([KEYS.stripeApiKey, KEYS.stripeWebhookSecret, KEYS.paypalClientId, KEYS.paypalSecret, KEYS.paypalMode]);
    return {
      stripeSecretKey: this.options.env.STRIPE_SECRET_KEY ?? stored.stripe_api_key,
      stripeWebhookSecret: this.options.env.STRIPE_WEBHOOK_SECRET ?? stored.stripe_webhook_secret,
      paypalClientId: stored.paypal_client_id,
      paypalSecret: stored.paypal_secret,
      paypalMode: stored.paypal_mode === 'live' ? 'live' : 'sandbox',
    };
  }

  /** Only masked values ever leave the server. */
  async paymentSettings(): Promise<PaymentSettings> {
    const credentials = await this.paymentCredentials();
    return {
      stripe_api_key_masked: maskSecret(credentials.stripeSecretKey),
      has_stripe: Boolean(credentials.stripeSecretKey),
      has_stripe_webhook: Boolean(credentials.stripeWebhookSecret),
      paypal_client_id: credentials.paypalClientId ?? '',
      paypal_secret_masked: maskSecret(credentials.paypalSecret),
      has_paypal: Boolean(credentials.paypalClientId && credentials.paypalSecret),
      paypal_mode: credentials.paypalMode,
    };
  }

  /** Only the fields sent change; an empty string keeps the current value. */
  async updatePaymentSettings(update: PaymentSettingsUpdate): Promise<PaymentSettings> {
    const values: Partial<Record<Key, string>> = {};
    if (update.stripe_api_key) values.stripe_api_key = update.stripe_api_key;
    if (update.stripe_webhook_secret) values.stripe_webhook_secret = update.stripe_webhook_secret;
    if (update.paypal_client_id) values.paypal_client_id = update.paypal_client_id;
    if (update.paypal_secret) values.paypal_secret = update.paypal_secret;
    if (update.paypal_mode) values.paypal_mode = update.paypal_mode;
    await this.write(values);
    return this.paymentSettings();
  }

  async whatsappNumber(): Promise<string> {
    return (await this.read([KEYS.whatsappNumber])).whatsapp_number ?? DEFAULT_WHATSAPP_NUMBER;
  }

  /** The number the admin set, or null: the owner's booking alert is never sent to the placeholder. */
  async configuredWhatsappNumber(executor?: Executor): Promise<string | null> {
    return (await this.read([KEYS.whatsappNumber], executor)).whatsapp_number ?? null;
  }

  async setWhatsappNumber(number: string): Promise<string> {
    await this.write({ whatsapp_number: number });
    return number;
  }
}
