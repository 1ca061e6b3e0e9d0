import { z } from 'zod';
import { MAX_STAY_DAYS } from './booking-rules.ts';
import { Euros } from './common.ts';
import { FEE_PER, MAX_FEES, MAX_TAXES, MAX_VAT_PERCENT, TAX_KINDS } from './price-terms.ts';
import type * as Terms from './price-terms.ts';

export {
  chargeName,
  FEE_PER,
  feeCentsOf,
  feeOf,
  MAX_FEES,
  MAX_TAXES,
  MAX_VAT_PERCENT,
  NO_PRICE_TERMS,
  priceTermsAnswer,
  TAX_KINDS,
  taxCentsOf,
  taxOf,
  type FeeCents,
  type FeePer,
  type PriceTerms,
  type TaxCents,
  type TaxKind,
} from './price-terms.ts';

/**
 * The schemas of a property's fees, taxes and VAT (docs/behaviour.md §18); their types are price-terms.ts's (zod-free).
 * A refusal is 400 validation_error naming the field (`fees.0.per`, `taxes.1.name.fr`…).
 */

const NAME_MAX = 100;
const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX)
  .nullish()
  .transform((text) => text || undefined);

/** `{fr, es, pt, en}`: French required, the others optional (they fall back to French). */
export const ChargeNameInput = z.object({
  fr: z.string().trim().min(1).max(NAME_MAX),
  es: optionalName,
  pt: optionalName,
  en: optionalName,
});

export const ChargeName = z.object({
  fr: z.string(),
  es: z.string().optional(),
  pt: z.string().optional(),
  en: z.string().optional(),
}) satisfies z.ZodType<Terms.ChargeName>;
export type ChargeName = Terms.ChargeName;

/** A fee's or tax's code: `cleaning`, `linen`, `city_tax`… unique within its list. */
const ChargeCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Lower-case letters, digits, _ and -, at most 40');

/** A percent from 0 to `max` with at most 2 decimals. */
const Percent = (max: number) =>
  z
    .number()
    .finite()
    .min(0)
    .max(max)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message: 'At most 2 decimals' });

const uniqueCodes = <T extends { code: string }>(list: T[], context: z.RefinementCtx) => {
  const seen = new Set<string>();
  list.forEach((item, index) => {
    if (seen.has(item.code)) context.addIssue({ code: 'custom', path: [index, 'code'], message: `Duplicate code ${item.code}` });
    seen.add(item.code);
  });
};

export const Fee = z.object({
  code: z.string(),
  name: ChargeName,
  amount: z.number(),
  per: z.enum(FEE_PER),
}) satisfies z.ZodType<Terms.Fee>;
export type Fee = Terms.Fee;

export const Tax = z.object({
  code: z.string(),
  name: ChargeName,
  kind: z.enum(TAX_KINDS),
  amount: z.number().nullable(),
  percent: z.number().nullable(),
  max_nights: z.number().int().nullable(),
  children_exempt: z.boolean(),
}) satisfies z.ZodType<Terms.Tax>;
export type Tax = Terms.Tax;

export const FeeInput = z.object({ code: ChargeCode, name: ChargeNameInput, amount: Euros, per: z.enum(FEE_PER) });

/** `amount` (euros) for the per-night kinds, `percent` (0–100) for percent_of_rent; the other is null. */
export const TaxInput = z
  .object({
    code: ChargeCode,
    name: ChargeNameInput,
    kind: z.enum(TAX_KINDS),
    amount: Euros.nullable().default(null),
    percent: Percent(100).nullable().default(null),
    max_nights: z.number().int().min(1).max(MAX_STAY_DAYS).nullable().default(null),
    children_exempt: z.boolean().default(true),
  })
  .superRefine((tax, context) => {
    if (tax.kind === 'percent_of_rent' && tax.percent === null) {
      context.addIssue({ code: 'custom', path: ['percent'], message: 'percent_of_rent needs a percent' });
    }
    if (tax.kind !== 'percent_of_rent' && tax.amount === null) {
      context.addIssue({ code: 'custom', path: ['amount'], message: `${tax.kind} needs an amount` });
    }
  })
  .transform((tax) => ({
    ...tax,
    amount: tax.kind === 'percent_of_rent' ? null : tax.amount,
    percent: tax.kind === 'percent_of_rent' ? tax.percent : null,
  }));

export const FeesInput = z.array(FeeInput).max(MAX_FEES).superRefine(uniqueCodes);
export const TaxesInput = z.array(TaxInput).max(MAX_TAXES).superRefine(uniqueCodes);
export const VatPercentInput = Percent(MAX_VAT_PERCENT);
