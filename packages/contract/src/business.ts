import { z } from 'zod';
import { Email, Phone } from './auth.ts';
import { isCountryCode } from './check-in-rules.ts';

/** The series' prefix of a site that has not chosen one (issue 29): invoices RW-2027-00001. */
export const DEFAULT_INVOICE_PREFIX = 'RW';

/** A country of ISO 3166-1 alpha-2 ("PT"; "es" is taken as "ES"): the list is the check-in's (countries.ts). */
const BusinessCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { message: 'A country code of ISO 3166-1 alpha-2 (PT, ES, BE…)' });

const text = (max: number) => z.string().trim().max(max).default('');

/** Optional, but a valid address when given. */
const OptionalEmail = z.union([z.literal(''), Email]).default('');
const OptionalPhone = z.union([z.literal(''), Phone]).default('');

/** Free text printed on every invoice, per language (French, the default, is the fallback). */
export const InvoiceNotes = z.object({ fr: text(1000), es: text(1000), pt: text(1000), en: text(1000) });
export type InvoiceNotes = z.infer<typeof InvoiceNotes>;

/** The business that rents the rooms, as the law wants it named on its invoices and privacy notice (issue 29). */
export const BusinessSettings = z.object({
  legal_name: text(200),
  address: text(500),
  country: z.union([z.literal(''), BusinessCountry]).default(''),
  vat_number: text(30).pipe(z.string().regex(/^[A-Za-z0-9 .-]*$/, { message: 'Letters, digits, spaces, dots and dashes only' })),
  registration_number: text(50),
  email: OptionalEmail,
  phone: OptionalPhone,
  /** Upper-case letters and digits, 1–10: the invoice numbers' start. */
  invoice_prefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,10}$/, { message: '1 to 10 letters or digits' })
    .default(DEFAULT_INVOICE_PREFIX),
  invoice_notes: InvoiceNotes.default({ fr: '', es: '', pt: '', en: '' }),
});
export type BusinessSettings = z.infer<typeof BusinessSettings>;
/** PUT /admin/business: the whole record; a field left out takes its default (empty, prefix RW). */
export type BusinessSettingsBody = z.input<typeof BusinessSettings>;

/** What every visitor may read of the business (the footer, the privacy notice): no invoice settings. */
export const PublicBusiness = BusinessSettings.pick({
  legal_name: true,
  address: true,
  country: true,
  vat_number: true,
  registration_number: true,
  email: true,
  phone: true,
});
export type PublicBusiness = z.infer<typeof PublicBusiness>;
