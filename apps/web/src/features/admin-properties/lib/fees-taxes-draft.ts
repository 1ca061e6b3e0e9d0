import { LANGUAGES, type Fee, type FeePer, type Property, type Room, type Tax, type TaxKind } from '@roomweek/contract';

/**
 * The admin forms' fees and taxes as typed (docs/behaviour.md §18): rows of text fields, turned into the body's
 * `fees`, `taxes` and `vat_percent`. The server checks it all again (400 naming the field); `rowError` says what is
 * wrong with a row before sending.
 */

export type Names = Record<(typeof LANGUAGES)[number], string>;
export interface FeeDraft {
  code: string;
  name: Names;
  amount: string;
  per: FeePer;
}
export interface TaxDraft {
  code: string;
  name: Names;
  kind: TaxKind;
  amount: string;
  percent: string;
  max_nights: string;
  children_exempt: boolean;
}
export interface FeesTaxesDraft {
  fees: FeeDraft[];
  taxes: TaxDraft[];
  vat_percent: string;
}

export const EMPTY_NAMES: Names = { fr: '', es: '', pt: '', en: '' };

const namesOf = (name: Fee['name']): Names => ({ fr: name.fr, es: name.es ?? '', pt: name.pt ?? '', en: name.en ?? '' });
const text = (value: number | null) => (value === null ? '' : String(value));

export const feeDraftsOf = (fees: readonly Fee[]): FeeDraft[] =>
  fees.map((fee) => ({ code: fee.code, name: namesOf(fee.name), amount: String(fee.amount), per: fee.per }));

export const feesTaxesDraftOf = (property: Property | null): FeesTaxesDraft => ({
  fees: feeDraftsOf(property?.fees ?? []),
  taxes: (property?.taxes ?? []).map((tax) => ({
    code: tax.code,
    name: namesOf(tax.name),
    kind: tax.kind,
    amount: text(tax.amount),
    percent: text(tax.percent),
    max_nights: text(tax.max_nights),
    children_exempt: tax.children_exempt,
  })),
  vat_percent: String(property?.vat_percent ?? 0),
});

/** A room's own fees (null: its property's) as the room form holds them. */
export const roomFeesDraftOf = (room: Room | null) => ({ own_fees: Boolean(room?.fees), fees: feeDraftsOf(room?.fees ?? []) });

/** A decimal as typed (a comma allowed); blank or not a number: NaN, which the schema refuses. */
export const decimal = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim().replace(',', '.')));
const nullableDecimal = (value: string) => (value.trim() === '' ? null : decimal(value));
const names = (name: Names) => ({ fr: name.fr.trim(), ...Object.fromEntries(LANGUAGES.filter((l) => l !== 'fr' && name[l].trim()).map((l) => [l, name[l].trim()])) }) as Fee['name'];

export const feesValues = (fees: readonly FeeDraft[]): Fee[] =>
  fees.map((fee) => ({ code: fee.code.trim(), name: names(fee.name), amount: decimal(fee.amount), per: fee.per }));

/** The body's `fees`, `taxes` and `vat_percent` from the rows. */
export const feesTaxesValues = (draft: FeesTaxesDraft): { fees: Fee[]; taxes: Tax[]; vat_percent: number } => ({
  fees: feesValues(draft.fees),
  taxes: draft.taxes.map((tax) => ({
    code: tax.code.trim(),
    name: names(tax.name),
    kind: tax.kind,
    amount: tax.kind === 'percent_of_rent' ? null : decimal(tax.amount),
    percent: tax.kind === 'percent_of_rent' ? decimal(tax.percent) : null,
    max_nights: nullableDecimal(tax.max_nights),
    children_exempt: tax.children_exempt,
  })),
  vat_percent: decimal(draft.vat_percent),
});

const money = /^\d+([.,]\d{1,2})?$/;

/** What is wrong with a row, as a pricing.json key, or null. */
export function rowError(row: { code: string; name: Names }, index: number, rows: readonly { code: string }[], amount?: string, percent?: string): string | null {
  if (!row.name.fr.trim()) return 'admin.errors.nameRequired';
  if (rows.findIndex((other) => other.code.trim() === row.code.trim()) !== index) return 'admin.errors.duplicateCode';
  if (amount !== undefined && !money.test(amount.trim())) return 'admin.errors.amountInvalid';
  if (percent !== undefined && !(money.test(percent.trim()) && decimal(percent) <= 100)) return 'admin.errors.percentInvalid';
  return null;
}
