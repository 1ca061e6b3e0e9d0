import { z } from 'zod';
import { PublicBusiness } from './business.ts';
import { Language } from './common.ts';

export const PaypalMode = z.enum(['sandbox', 'live']);
export type PaypalMode = z.infer<typeof PaypalMode>;

/** The payment settings stored encrypted (with SETTINGS_KEY), named as in PaymentSettingsUpdate. */
export const SecretSetting = z.enum(['stripe_api_key', 'stripe_webhook_secret', 'paypal_secret']);
export type SecretSetting = z.infer<typeof SecretSetting>;

export const PaymentSettings = z.object({
  stripe_api_key_masked: z.string(),
  has_stripe: z.boolean(),
  has_stripe_webhook: z.boolean(),
  paypal_client_id: z.string(),
  paypal_secret_masked: z.string(),
  has_paypal: z.boolean(),
  paypal_mode: PaypalMode,
  /**
   * Stored secrets that could not be decrypted (SETTINGS_KEY changed or secrets.json lost): treated as unset until the
   * admin enters them again. Empty when all is well.
   */
  unreadable: z.array(SecretSetting),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

const Secret = z.string().trim().max(300);
/** Only the fields sent change; an empty string keeps the current value. */
export const PaymentSettingsUpdate = z.object({
  stripe_api_key: Secret.optional(),
  stripe_webhook_secret: Secret.optional(),
  paypal_client_id: Secret.optional(),
  paypal_secret: Secret.optional(),
  paypal_mode: PaypalMode.optional(),
});
export type PaymentSettingsUpdate = z.infer<typeof PaymentSettingsUpdate>;

/** The digits of an international number, its 00 dialling prefix (if written so) dropped. */
const internationalDigits = (value: string) => value.replace(/\D/g, '').replace(/^00/, '');

/**
 * International number with its country code: optional + (or a 00 prefix, saved as +), 8 to 15 digits, spaces,
 * brackets or dashes allowed. The chat link and the WhatsApp message are addressed to the digits, so they must begin
 * with the country code: a national number (a leading 0) is refused.
 */
export const WhatsappNumber = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .refine((value) => /^\+?[0-9 ()-]+$/.test(value) && /^[1-9]\d{7,14}$/.test(internationalDigits(value)), {
    message: 'Expected an international number with its country code',
  })
  .transform((value) => value.replace(/^\+?00/, '+'));
export const WhatsappSettings = z.object({
  whatsapp_number: z.string(),
  /** Which channel carries the admin's booking alert: the WhatsApp Cloud API, or the server log when unset. */
  delivery: z.enum(['cloud_api', 'log']),
});
export const WhatsappSettingsUpdate = z.object({ whatsapp_number: WhatsappNumber });
export type WhatsappSettings = z.infer<typeof WhatsappSettings>;

/** How bookings are taken: on-site bookings wait for the owner's approval when set (docs/decisions/0029). */
export const BookingSettings = z.object({ on_site_requires_approval: z.boolean() });
export type BookingSettings = z.infer<typeof BookingSettings>;

/** Public settings the web app needs; never a secret. */
export const PublicConfig = z.object({
  whatsapp_number: z.string(),
  paypal_client_id: z.string(),
  paypal_mode: PaypalMode,
  stripe_enabled: z.boolean(),
  paypal_enabled: z.boolean(),
  map_tile_url: z.string(),
  default_language: Language,
  site_time_zone: z.string(),
  /**
   * The site's calendar date when the server answered (TZ_SITE, the server's clock): the pages grey out past days by
   * it, not by the device's clock, and need not build a time-zone formatter of their own (a cost on a phone).
   */
  site_today: z.string(),
  booking_hold_minutes: z.number().int(),
  /** The site's public address (PUBLIC_URL): canonical links and share previews are absolute (docs/behaviour.md §16). */
  site_url: z.string(),
  /** The business named in the footer and the privacy notice; null until the owner gives its legal name (issue 29). */
  business: PublicBusiness.nullable(),
  /** How many years issued invoices and credit notes are kept, even once the guest's account is deleted (INVOICE_RETENTION_YEARS). */
  invoice_retention_years: z.number().int(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const UploadResponse = z.object({ url: z.string() });
export const HealthResponse = z.object({ status: z.literal('ok') });
export const ReadyResponse = z.object({ status: z.literal('ready') });
