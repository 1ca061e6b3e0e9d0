import { DEFAULT_PARTY, type Party } from './party-rules.ts';
import { DAYS_PER_WEEK, quoteAnswer, quoteLineLabel, quoteStay, type StayPricing, type StayQuote } from './quote.ts';
import { chargeName, NO_PRICE_TERMS, type ChargeName, type FeeCents, type TaxCents } from './price-terms.ts';
import type { Language } from './languages.ts';
import type { ChargeLineAnswer, PriceLine, QuoteResponse } from './stay-rules.ts';

/**
 * The whole price of a stay (docs/behaviour.md §18, decision 0033): the rent (quote.ts's `quoteStay`, unchanged), then
 * each fee and tax as a line of its own, in integer cents, each line rounded once half up; the VAT included in rent and
 * fees. One pure function for `POST /bookings`, `GET /rooms/{id}/quote`, the search's `total_price` and the room
 * page's stay summary. total = rent + fees + taxes, and the lines add up to it: Σ rent lines − discount + Σ fee and
 * tax lines = total, to the cent. With no fee, tax or VAT the total is quoteStay's.
 */

/** A fee's or a tax's line, in cents, its name in every language (a booking keeps it so). */
export interface ChargeLine {
  kind: 'fee' | 'tax';
  code: string;
  name: ChargeName;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface StayPrice {
  /** The rent: nights, seasons, the long-stay discount (quoteStay's answer as it always was). */
  quote: StayQuote;
  /** The fees, in the list's order, then the taxes, in theirs. */
  charges: ChargeLine[];
  /** The rent after the long-stay discount. */
  rentCents: number;
  feesCents: number;
  taxesCents: number;
  /** The VAT included in rent and fees (not in taxes). */
  vatCents: number;
  totalCents: number;
}

/** numerator / denominator rounded half up, both non-negative (BigInt: a percent of a year's rent passes 2^53). */
const divideHalfUp = (numerator: bigint, denominator: bigint): number => Number((2n * numerator + denominator) / (2n * denominator));

/** A percent with at most 2 decimals as hundredths of a percent (6.5 → 650). */
const basisPoints = (percent: number): bigint => BigInt(Math.round(percent * 100));

/** How many units of a fee a stay of `nights` nights for `guests` people counts. */
function feeQuantity(fee: FeeCents, nights: number, guests: number): number {
  switch (fee.per) {
    case 'stay':
      return 1;
    case 'night':
      return nights;
    case 'guest':
      return guests;
    case 'guest_night':
      return guests * nights;
    case 'week':
      return Math.max(1, Math.ceil(nights / DAYS_PER_WEEK));
  }
}

/** The people a tax counts per night. */
function taxedPeople(tax: TaxCents, party: Party): number {
  switch (tax.kind) {
    case 'per_adult_night':
      return tax.childrenExempt ? party.adults : party.adults + party.children;
    case 'per_guest_night':
      return party.adults + party.children;
    case 'per_night':
    case 'percent_of_rent':
      return 1;
  }
}

function taxLine(tax: TaxCents, nights: number, party: Party, rentCents: number): ChargeLine {
  const counted = tax.maxNights === null ? nights : Math.min(nights, tax.maxNights);
  const line = { kind: 'tax' as const, code: tax.code, name: tax.name };
  if (tax.kind === 'percent_of_rent') {
    // The rent of the nights counted: rent × percent × counted / nights, rounded once.
    const amountCents =
      nights === 0 ? 0 : divideHalfUp(BigInt(rentCents) * basisPoints(tax.percent) * BigInt(counted), 10_000n * BigInt(nights));
    return { ...line, quantity: 1, unitCents: amountCents, amountCents };
  }
  const quantity = taxedPeople(tax, party) * counted;
  return { ...line, quantity, unitCents: tax.amountCents, amountCents: quantity * tax.amountCents };
}

/** The whole price of the stay [start, end) for this party. */
export function priceStay(pricing: StayPricing, start: string, end: string, party: Party = DEFAULT_PARTY): StayPrice {
  const quote = quoteStay(pricing, start, end);
  const terms = pricing.terms ?? NO_PRICE_TERMS;
  const nights = quote.nights;
  const guests = party.adults + party.children;
  const rentCents = quote.totalCents;
  const fees = terms.fees.map((fee): ChargeLine => {
    const quantity = feeQuantity(fee, nights, guests);
    return { kind: 'fee', code: fee.code, name: fee.name, quantity, unitCents: fee.amountCents, amountCents: quantity * fee.amountCents };
  });
  const taxes = terms.taxes.map((tax) => taxLine(tax, nights, party, rentCents));
  const feesCents = fees.reduce((sum, line) => sum + line.amountCents, 0);
  const taxesCents = taxes.reduce((sum, line) => sum + line.amountCents, 0);
  const vat = basisPoints(terms.vatPercent);
  const vatCents = vat === 0n ? 0 : divideHalfUp(BigInt(rentCents + feesCents) * vat, 10_000n + vat);
  return {
    quote,
    charges: [...fees, ...taxes],
    rentCents,
    feesCents,
    taxesCents,
    vatCents,
    totalCents: rentCents + feesCents + taxesCents,
  };
}

const euros = (cents: number) => cents / 100;
const label = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** A fee's or tax's line as the API shows it: the name in `language`, euros, an English label. */
export function chargeLineAnswer(line: ChargeLine, language: Language): ChargeLineAnswer {
  return {
    label: `${chargeName(line.name, 'en')}: ${line.quantity} × ${label(line.unitCents)}`,
    kind: line.kind,
    code: line.code,
    name: chargeName(line.name, language),
    quantity: line.quantity,
    unit_amount: euros(line.unitCents),
    amount: euros(line.amountCents),
  };
}

/** The whole price as `GET /rooms/{id}/quote` answers it. */
export function priceAnswer(price: StayPrice, language: Language): QuoteResponse {
  const rent = quoteAnswer(price.quote);
  return {
    ...rent,
    lines: [...rent.lines, ...price.charges.map((line) => chargeLineAnswer(line, language))],
    rent_total: euros(price.rentCents),
    fees_total: euros(price.feesCents),
    taxes_total: euros(price.taxesCents),
    vat_included: euros(price.vatCents),
    total_price: euros(price.totalCents),
  };
}

/** A line as a booking keeps it: the rent's nights (quote.ts, cents) or a fee's or tax's (names in every language). */
export type StoredPriceLine = StayQuote['lines'][number] | ChargeLine;

export const isChargeLine = (line: StoredPriceLine): line is ChargeLine => line.kind === 'fee' || line.kind === 'tax';

/** The lines a booking keeps: the rent's, then the fees' and taxes'. */
export const storedPriceLines = (price: StayPrice): StoredPriceLine[] => [...price.quote.lines, ...price.charges];

/** A booking's kept lines as the API shows them, names in `language` (French where none). */
export const priceLinesAnswer = (lines: readonly StoredPriceLine[], language: Language): PriceLine[] =>
  lines.map((line) =>
    isChargeLine(line)
      ? chargeLineAnswer(line, language)
      : {
          label: quoteLineLabel(line),
          kind: line.kind,
          start_date: line.start_date,
          end_date: line.end_date,
          nights: line.nights,
          price_per_week: euros(line.pricePerWeekCents),
          amount: euros(line.amountCents),
        },
  );
