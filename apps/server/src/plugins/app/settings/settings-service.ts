import type { FastifyBaseLogger } from 'fastify';
import {
  BusinessSettings,
  CancellationPolicy,
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_TERMS,
  PaymentTerms,
  type PublicBusiness,
  type BookingSettings,
  type PaymentSettings,
  type PaymentSettingsUpdate,
  type PaypalMode,
  type SecretSetting,
  type SecuritySettings,
} from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { maskSecret, sha256, type SecretBox } from '../../../lib/secrets.ts';
import { REQUIRE_TWO_FACTOR_SETTING, SettingsRepository } from './settings-repository.ts';

/** Settings keys; the ones in SECRET_KEYS are sealed with SETTINGS_KEY before they are stored. */
const KEYS = {
  stripeApiKey: 'stripe_api_key',
  stripeWebhookSecret: 'stripe_webhook_secret',
  paypalClientId: 'paypal_client_id',
  paypalSecret: 'paypal_secret',
  paypalMode: 'paypal_mode',
  whatsappNumber: 'whatsapp_number',
  /** The site's cancellation policy as JSON (docs/behaviour.md §10); read in SQL too by bookings-repository.ts. */
  cancellationPolicy: 'cancellation_policy',
  /** The site's payment terms as JSON (decision 0044); read in SQL too by bookings-repository.ts. */
  paymentTerms: 'payment_terms',
  /** 'true': on-site bookings wait for the owner's approval (docs/decisions/0029); unset: they do not. */
  onSiteRequiresApproval: 'on_site_requires_approval',
  /** The business's details as JSON (BusinessSettings, issue 29). */
  business: 'business',
  /** 'true': admins without two-factor sign-in may only enrol (docs/decisions/0034); unset: not required. */
  requireTwoFactorForStaff: REQUIRE_TWO_FACTOR_SETTING,
} as const;
type Key = (typeof KEYS)[keyof typeof KEYS];
const SECRET_KEYS = new Set<Key>([KEYS.stripeApiKey, KEYS.stripeWebhookSecret, KEYS.paypalSecret] satisfies SecretSetting[]);

/** Stored values as read, and the sealed ones that could not be opened (treated as unset). */
interface StoredValues {
  values: Partial<Record<Key, string>>;
  unreadable: Key[];
}

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
  log: FastifyBaseLogger;
}

export class SettingsService {
  /** Sealed values already reported as unreadable by this process: the error is logged once per value, not per request. */
  private readonly reported = new Set<string>();

  private readonly repository: SettingsRepository;

  constructor(private readonly options: SettingsServiceOptions) {
    this.repository = new SettingsRepository(options.db);
  }

  private async readStored(keys: Key[], executor?: Executor): Promise<StoredValues> {
    const rows = await this.repository.read(keys, executor);
    const stored: StoredValues = { values: {}, unreadable: [] };
    for (const row of rows) {
      const key = row.key as Key;
      const value = row.encrypted ? this.open(key, row.value) : row.value;
      if (value === undefined) stored.unreadable.push(key);
      else stored.values[key] = value;
    }
    return stored;
  }

  private async read(keys: Key[], executor?: Executor): Promise<Partial<Record<Key, string>>> {
    return (await this.readStored(keys, executor)).values;
  }

  /**
   * A sealed value that this SETTINGS_KEY cannot open (the key changed, secrets.json was lost, or two instances
   * generated different keys) is treated as unset: payments needing it answer 503 payment_not_configured, never 500,
   * and the admin's payment settings ask for it again (docs/decisions/0013-production-defaults.md).
   */
  private open(key: Key, sealed: string): string | undefined {
    try {
      return this.options.box.open(sealed);
    } catch {
      const id = `${key}:${sha256(sealed)}`;
      if (!this.reported.has(id)) {
        this.reported.add(id);
        this.options.log.error(
          { setting: key },
          `The stored payment setting ${key} could not be decrypted with this SETTINGS_KEY (changed, or DATA_DIR/secrets.json lost, ` +
            'or instances with different keys): it is treated as unset until the admin enters it again in the payment settings',
        );
      }
      return undefined;
    }
  }

  private async write(values: Partial<Record<Key, string>>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => {
      const secret = SECRET_KEYS.has(key as Key);
      return { key, value: secret ? this.options.box.seal(value!) : value!, encrypted: secret };
    });
    await this.repository.write(rows);
  }

  async paymentCredentials(): Promise<PaymentCredentials> {
    return (await this.readCredentials()).credentials;
  }

  /** The credentials, and the stored secrets that could not be read and that no environment variable replaces. */
  private async readCredentials(): Promise<{ credentials: PaymentCredentials; unreadable: SecretSetting[] }> {
    const { values: stored, unreadable } = await this.readStored([
      KEYS.stripeApiKey,
      KEYS.stripeWebhookSecret,
      KEYS.paypalClientId,
      KEYS.paypalSecret,
      KEYS.paypalMode,
    ]);
    const { env } = this.options;
    const overridden = new Set<Key>([...(env.STRIPE_SECRET_KEY ? [KEYS.stripeApiKey] : []), ...(env.STRIPE_WEBHOOK_SECRET ? [KEYS.stripeWebhookSecret] : [])]);
    return {
      credentials: {
        stripeSecretKey: env.STRIPE_SECRET_KEY ?? stored.stripe_api_key,
        stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? stored.stripe_webhook_secret,
        paypalClientId: stored.paypal_client_id,
        paypalSecret: stored.paypal_secret,
        paypalMode: stored.paypal_mode === 'live' ? 'live' : 'sandbox',
      },
      unreadable: unreadable.filter((key): key is SecretSetting => SECRET_KEYS.has(key) && !overridden.has(key)).sort(),
    };
  }

  /** Only masked values ever leave the server. */
  async paymentSettings(): Promise<PaymentSettings> {
    const { credentials, unreadable } = await this.readCredentials();
    return {
      stripe_api_key_masked: maskSecret(credentials.stripeSecretKey),
      has_stripe: Boolean(credentials.stripeSecretKey),
      has_stripe_webhook: Boolean(credentials.stripeWebhookSecret),
      paypal_client_id: credentials.paypalClientId ?? '',
      paypal_secret_masked: maskSecret(credentials.paypalSecret),
      has_paypal: Boolean(credentials.paypalClientId && credentials.paypalSecret),
      paypal_mode: credentials.paypalMode,
      unreadable,
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

  /** The site's cancellation policy: the admin's, or the default (14 days free, then 50 %). */
  async cancellationPolicy(): Promise<CancellationPolicy> {
    const stored = (await this.read([KEYS.cancellationPolicy])).cancellation_policy;
    const parsed = stored ? CancellationPolicy.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success ? parsed.data : DEFAULT_CANCELLATION_POLICY;
  }

  /** Bookings already made keep the terms they were made under (bookings.cancellation_policy). */
  async setCancellationPolicy(policy: CancellationPolicy): Promise<CancellationPolicy> {
    await this.write({ cancellation_policy: JSON.stringify(CancellationPolicy.parse(policy)) });
    return this.cancellationPolicy();
  }

  /** The site's payment terms (decision 0044): the admin's, or the default (everything at booking). */
  async paymentTerms(): Promise<PaymentTerms> {
    const stored = (await this.read([KEYS.paymentTerms])).payment_terms;
    const parsed = stored ? PaymentTerms.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success ? parsed.data : { ...DEFAULT_PAYMENT_TERMS };
  }

  /** Bookings already made keep the terms they were made under (bookings.payment_terms). */
  async setPaymentTerms(terms: PaymentTerms): Promise<PaymentTerms> {
    await this.write({ payment_terms: JSON.stringify(PaymentTerms.parse(terms)) });
    return this.paymentTerms();
  }

  /** Whether on-site bookings wait for the owner, read in the booking's own transaction (default: no). */
  async onSiteRequiresApproval(executor?: Executor): Promise<boolean> {
    return (await this.read([KEYS.onSiteRequiresApproval], executor)).on_site_requires_approval === 'true';
  }

  async bookingSettings(): Promise<BookingSettings> {
    return { on_site_requires_approval: await this.onSiteRequiresApproval() };
  }

  async requireTwoFactorForStaff(): Promise<boolean> {
    return (await this.read([KEYS.requireTwoFactorForStaff])).require_two_factor_for_staff === 'true';
  }

  async securitySettings(): Promise<SecuritySettings> {
    return { require_two_factor_for_staff: await this.requireTwoFactorForStaff() };
  }

  async setSecuritySettings(update: SecuritySettings): Promise<SecuritySettings> {
    await this.write({ require_two_factor_for_staff: String(update.require_two_factor_for_staff) });
    return this.securitySettings();
  }

  /** Bookings already made keep their state: requests already waiting still wait for an answer. */
  async setBookingSettings(update: BookingSettings): Promise<BookingSettings> {
    await this.write({ on_site_requires_approval: String(update.on_site_requires_approval) });
    return this.bookingSettings();
  }

  /** The business's details: the admin's, or every field at its default (empty, prefix RW) until given. */
  async business(executor?: Executor): Promise<BusinessSettings> {
    const stored = (await this.read([KEYS.business], executor)).business;
    const parsed = stored ? BusinessSettings.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success ? parsed.data : BusinessSettings.parse({});
  }

  /** Replaces the details; documents issued before keep the details they were issued with. */
  async setBusiness(update: BusinessSettings): Promise<BusinessSettings> {
    await this.write({ business: JSON.stringify(BusinessSettings.parse(update)) });
    return this.business();
  }

  /** What every visitor sees of the business (the footer, the privacy notice): nothing until it has a legal name. */
  async publicBusiness(): Promise<PublicBusiness | null> {
    const { legal_name, address, country, vat_number, registration_number, email, phone } = await this.business();
    return legal_name ? { legal_name, address, country, vat_number, registration_number, email, phone } : null;
  }
}
