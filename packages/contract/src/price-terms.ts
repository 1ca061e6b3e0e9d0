import type { Language } from './languages.ts';

/**
 * A property's fees, tourist taxes and VAT (docs/behaviour.md §18, decision 0033) as plain types and constants, without
 * zod, so the stay summary prices a stay without loading it; the schemas that check them are in price-schemas.ts.
 */

/** How a fee counts: once per stay, per night, per person, per person and night, per started week. */
export const FEE_PER = ['stay', 'night', 'guest', 'guest_night', 'week'] as const;
export type FeePer = (typeof FEE_PER)[number];

/** How a tax counts: per adult and night (children while not exempt), per person and night, per room-night, a percent of the rent. */
export const TAX_KINDS = ['per_adult_night', 'per_guest_night', 'per_night', 'percent_of_rent'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** At most this many fees and taxes per list; the highest VAT. */
export const MAX_FEES = 20;
export const MAX_TAXES = 10;
export const MAX_VAT_PERCENT = 30;

/** A name in the four languages: French required, the others fall back to it. */
export type ChargeName = { fr: string } & Partial<Record<Exclude<Language, 'fr'>, string>>;

/** A fee as the API shows and takes it: euros. */
export type Fee = { code: string; name: ChargeName; amount: number; per: FeePer };
/** A tax as the API shows and takes it: `amount` in euros (null for percent_of_rent), `percent` for percent_of_rent. */
export type Tax = {
  code: string;
  name: ChargeName;
  kind: TaxKind;
  amount: number | null;
  percent: number | null;
  max_nights: number | null;
  children_exempt: boolean;
};

/** A fee as stored and computed with: cents. */
export interface FeeCents {
  code: string;
  name: ChargeName;
  amountCents: number;
  per: FeePer;
}
/** A tax as stored and computed with: cents; `percent` with at most 2 decimals. */
export interface TaxCents {
  code: string;
  name: ChargeName;
  kind: TaxKind;
  amountCents: number;
  percent: number;
  maxNights: number | null;
  childrenExempt: boolean;
}

/** What a stay's fees and taxes depend on besides its nights: the lists and the VAT included in rent and fees. */
export interface PriceTerms {
  fees: readonly FeeCents[];
  taxes: readonly TaxCents[];
  vatPercent: number;
}

export const NO_PRICE_TERMS: PriceTerms = { fees: [], taxes: [], vatPercent: 0 };

/** A name in `language`, or in French where it has none. */
export const chargeName = (name: ChargeName, language: Language): string => name[language] || name.fr;

const cents = (euros: number): number => Math.round(euros * 100);
const euros = (value: number): number => value / 100;

export const feeCentsOf = (fee: Fee): FeeCents => ({ code: fee.code, name: fee.name, amountCents: cents(fee.amount), per: fee.per });
export const feeOf = (fee: FeeCents): Fee => ({ code: fee.code, name: fee.name, amount: euros(fee.amountCents), per: fee.per });
export const taxCentsOf = (tax: Tax): TaxCents => ({
  code: tax.code,
  name: tax.name,
  kind: tax.kind,
  amountCents: tax.kind === 'percent_of_rent' ? 0 : cents(tax.amount ?? 0),
  percent: tax.kind === 'percent_of_rent' ? (tax.percent ?? 0) : 0,
  maxNights: tax.max_nights,
  childrenExempt: tax.children_exempt,
});
export const taxOf = (tax: TaxCents): Tax => ({
  code: tax.code,
  name: tax.name,
  kind: tax.kind,
  amount: tax.kind === 'percent_of_rent' ? null : euros(tax.amountCents),
  percent: tax.kind === 'percent_of_rent' ? tax.percent : null,
  max_nights: tax.maxNights,
  children_exempt: tax.childrenExempt,
});

/** The terms as the API shows them (RoomDetail, availability): euros, the VAT in percent. */
export const priceTermsAnswer = (terms: PriceTerms): { fees: Fee[]; taxes: Tax[]; vat_percent: number } => ({
  fees: terms.fees.map(feeOf),
  taxes: terms.taxes.map(taxOf),
  vat_percent: terms.vatPercent,
});
