import { z } from 'zod';
import { Email, Phone } from './auth.ts';

/** The series' prefix of a site that has not chosen one (issue 29): invoices RW-2027-00001. */
export const DEFAULT_INVOICE_PREFIX = 'RW';

/**
 * The officially assigned codes of ISO 3166-1 alpha-2 (249 countries and territories): a business's country here, a
 * traveller's nationality and document country at check-in. Names come from the runtime (Intl.DisplayNames).
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
  'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ' +
  'ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT ' +
  'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS ' +
  'LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
  'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG ' +
  'SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(COUNTRY_CODES);

/** An ISO 3166-1 alpha-2 code ("PT"; "es" is taken as "ES"). */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRIES.has(code), { message: 'A country code of ISO 3166-1 alpha-2 (PT, ES, BE…)' });

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
  country: z.union([z.literal(''), CountryCode]).default(''),
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
