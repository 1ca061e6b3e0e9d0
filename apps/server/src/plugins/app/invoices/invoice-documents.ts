import {
  chargeName,
  isChargeLine,
  type BusinessSettings,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceMethod,
  type InvoiceVat,
  type Language,
  LANGUAGES,
} from '@roomweek/contract';
import type { BookingRow } from '../bookings/bookings-repository.ts';

/**
 * What an issued document says, built once when it is issued (docs/behaviour.md §19, decision 0037): pure functions of
 * the booking, the business and the document corrected, so the PDF is drawn from stored data only.
 */

export interface Issue {
  number: string;
  issueDate: string;
}

const languageOf = (booking: BookingRow): Language => ((LANGUAGES as readonly string[]).includes(booking.language) ? (booking.language as Language) : 'fr');

const sellerOf = (business: BusinessSettings): InvoiceDocument['seller'] => ({
  legal_name: business.legal_name,
  address: business.address,
  country: business.country,
  vat_number: business.vat_number,
  registration_number: business.registration_number,
  email: business.email,
  phone: business.phone,
  notes: { ...business.invoice_notes },
});

/** The guest's name and e-mail, or the billing details they gave (the e-mail stays the account's). */
function buyerOf(booking: BookingRow): InvoiceDocument['buyer'] {
  const billing = booking.billing;
  if (!billing) return { name: booking.userName, email: booking.userEmail };
  return {
    name: billing.name,
    email: booking.userEmail,
    ...(billing.company && { company: billing.company }),
    ...(billing.address && { address: billing.address }),
    ...(billing.vat_number && { vat_number: billing.vat_number }),
  };
}

/** a × b / c rounded half up (non-negative a, b; positive c), in exact integers. */
const mulDivHalfUp = (a: number, b: number, c: number): number => {
  const n = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(n / (2n * BigInt(c)));
};

/**
 * The VAT rate a booking's price was computed at (it keeps the VAT, not the rate): the rate in hundredths of a percent
 * (0–30 %) that gives back exactly its VAT on its base, the nearest to the quotient when several do.
 */
export function vatRateHundredths(baseCents: number, vatCents: number): number {
  if (vatCents <= 0 || baseCents <= vatCents) return 0;
  const estimate = (vatCents * 10_000) / (baseCents - vatCents);
  let best = Math.round(estimate);
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let h = 1; h <= 3000; h += 1) {
    if (mulDivHalfUp(baseCents, h, 10_000 + h) === vatCents && Math.abs(h - estimate) < bestDistance) {
      best = h;
      bestDistance = Math.abs(h - estimate);
    }
  }
  return best;
}

/** The booking's VAT as one rate: its base (rent and fees, VAT excluded) and the VAT. */
function bookingVat(booking: BookingRow): InvoiceVat[] {
  if (booking.vatCents <= 0) return [];
  const withVat = booking.totalCents - booking.taxesCents;
  return [{ rate_percent: vatRateHundredths(withVat, booking.vatCents) / 100, base_cents: withVat - booking.vatCents, vat_cents: booking.vatCents }];
}

/** The booking's price lines as an invoice shows them: rent, the long-stay discount (when any), fees, taxes. */
export function bookingLines(booking: BookingRow, language: Language): InvoiceLine[] {
  const rent: InvoiceLine[] = [];
  const charges: InvoiceLine[] = [];
  let rentLinesCents = 0;
  for (const line of booking.priceLines) {
    if (isChargeLine(line)) {
      charges.push({ kind: line.kind, name: chargeName(line.name, language), quantity: line.quantity, unit_cents: line.unitCents, amount_cents: line.amountCents });
    } else {
      rentLinesCents += line.amountCents;
      rent.push({
        kind: 'rent',
        start_date: line.start_date,
        end_date: line.end_date,
        nights: line.nights,
        price_per_week_cents: line.pricePerWeekCents,
        amount_cents: line.amountCents,
      });
    }
  }
  const rentCents = booking.totalCents - booking.feesCents - booking.taxesCents;
  // A booking made before its lines were kept: its rent as one line.
  if (rent.length === 0) {
    return [
      { kind: 'rent', start_date: booking.startDate, end_date: booking.endDate, nights: nightsBetween(booking.startDate, booking.endDate), price_per_week_cents: 0, amount_cents: rentCents },
      ...charges,
    ];
  }
  const discount: InvoiceLine[] = rentCents !== rentLinesCents ? [{ kind: 'discount', amount_cents: rentCents - rentLinesCents }] : [];
  return [...rent, ...discount, ...charges];
}

const nightsBetween = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);

/** What part of a booking a payment paid, when not the whole. */
export type PartPaid = 'deposit' | 'balance' | 'payment';

/**
 * The invoice of a payment. The booking's whole total in one payment: its price lines. A part (a deposit, a balance, a
 * sum received by hand): one line referring to the booking, with the VAT and taxes it covers. The payments cover the
 * rent and fees first and the taxes last (the taxes are paid with the balance), and each part's VAT is what the
 * payments cover after it less what they covered before, so the parts of one booking add up to its VAT and taxes
 * exactly (decision 0044).
 */
export function paymentInvoice(
  booking: BookingRow,
  business: BusinessSettings,
  issue: Issue,
  method: InvoiceMethod,
  amountCents: number,
  invoicedBeforeCents = 0,
  part: PartPaid = 'payment',
): InvoiceDocument {
  const language = languageOf(booking);
  const whole = invoicedBeforeCents === 0 && amountCents === booking.totalCents;
  return {
    version: 1,
    kind: 'invoice',
    number: issue.number,
    issue_date: issue.issueDate,
    language,
    seller: sellerOf(business),
    buyer: buyerOf(booking),
    booking: { id: booking.id, start_date: booking.startDate, end_date: booking.endDate },
    corrects: null,
    lines: whole ? bookingLines(booking, language) : [{ kind: 'part', part, booking_total_cents: booking.totalCents, amount_cents: amountCents }],
    ...(whole ? { taxes_cents: booking.taxesCents, vat: bookingVat(booking) } : partCovers(booking, invoicedBeforeCents, amountCents)),
    total_cents: amountCents,
    method,
  };
}

/** The VAT and taxes a part covers: what the payments cover once it is paid, less what they covered before. */
function partCovers(booking: BookingRow, beforeCents: number, amountCents: number): Pick<InvoiceDocument, 'vat' | 'taxes_cents'> {
  const withVat = booking.totalCents - booking.taxesCents;
  const covered = (paid: number) => {
    const clamped = Math.min(Math.max(paid, 0), booking.totalCents);
    const rentAndFees = Math.min(clamped, withVat);
    return {
      taxes: clamped - rentAndFees,
      vat: withVat === 0 ? 0 : mulDivHalfUp(booking.vatCents, rentAndFees, withVat),
      base: rentAndFees,
    };
  };
  const before = covered(beforeCents);
  const after = covered(beforeCents + amountCents);
  const vatCents = after.vat - before.vat;
  const vat = bookingVat(booking).map((rate) => ({ rate_percent: rate.rate_percent, base_cents: after.base - before.base - vatCents, vat_cents: vatCents }));
  return { vat, taxes_cents: after.taxes - before.taxes };
}

/** A share of each VAT amount and of the taxes, `part` of `whole`, rounded half up (signs kept). */
function shareOf(invoice: InvoiceDocument, part: number, whole: number): Pick<InvoiceDocument, 'vat' | 'taxes_cents'> {
  const scale = (cents: number) => Math.sign(cents) * Math.sign(part) * (whole === 0 ? 0 : mulDivHalfUp(Math.abs(cents), Math.abs(part), Math.abs(whole)));
  return {
    vat: invoice.vat.map((v) => ({ rate_percent: v.rate_percent, base_cents: scale(v.base_cents), vat_cents: scale(v.vat_cents) })),
    taxes_cents: scale(invoice.taxes_cents),
  };
}

/**
 * The credit note of a refund on an invoiced payment: a negative amount, the VAT and taxes given back in the refund's
 * share of the invoice, the business as it is now.
 */
export function refundCreditNote(invoice: InvoiceDocument, business: BusinessSettings, issue: Issue, refundCents: number): InvoiceDocument {
  const amount = -refundCents;
  return {
    ...invoice,
    kind: 'credit_note',
    number: issue.number,
    issue_date: issue.issueDate,
    seller: sellerOf(business),
    corrects: invoice.number,
    lines: [{ kind: 'refund', invoice_number: invoice.number, amount_cents: amount }],
    ...shareOf(invoice, amount, invoice.total_cents),
    total_cents: amount,
  };
}

/** The entry that cancels the credit note of a refund that failed: its amounts back, positive, in the invoice series. */
export function cancellingEntry(creditNote: InvoiceDocument, business: BusinessSettings, issue: Issue): InvoiceDocument {
  return {
    ...creditNote,
    kind: 'invoice',
    number: issue.number,
    issue_date: issue.issueDate,
    seller: sellerOf(business),
    corrects: creditNote.number,
    lines: [{ kind: 'cancellation', credit_note_number: creditNote.number, amount_cents: -creditNote.total_cents }],
    vat: creditNote.vat.map((v) => ({ rate_percent: v.rate_percent, base_cents: -v.base_cents, vat_cents: -v.vat_cents })),
    taxes_cents: -creditNote.taxes_cents,
    total_cents: -creditNote.total_cents,
  };
}
