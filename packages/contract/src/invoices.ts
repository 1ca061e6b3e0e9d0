import { z } from 'zod';
import type { InvoiceNotes } from './business.ts';
import type { Language } from './languages.ts';

/** Invoices and credit notes (issue 29, docs/decisions/0037-invoices.md). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** One document of a booking as its guest and the admins see it listed; `amount` in euros, negative for a credit note. */
export const InvoiceSummary = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  amount: z.number(),
  issued_at: z.string(),
  url: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** `/invoices/{number}.pdf`: a number as the site writes them (RW-2027-00001, RW-2027-C00001). */
export const InvoiceNumberParams = z.object({ number: z.string().max(40) });

/** Where a document's PDF is, under /api. */
export const invoicePdfUrl = (number: string) => `/api/invoices/${encodeURIComponent(number)}.pdf`;

/**
 * A line of an issued document, as stored: `kind` says how the PDF words it in the document's language; amounts in
 * cents, tax included. `rent`: nights between two dates; `discount`: the long-stay discount; `fee`/`tax`: a charge
 * (its name as it was, in that language); `refund`: money given back on an invoice; `cancellation`: a failed refund's
 * credit note cancelled.
 */
export type InvoiceLine =
  | { kind: 'rent'; start_date: string; end_date: string; nights: number; price_per_week_cents: number; amount_cents: number }
  | { kind: 'discount'; amount_cents: number }
  | { kind: 'fee' | 'tax'; name: string; quantity: number; unit_cents: number; amount_cents: number }
  | { kind: 'refund'; invoice_number: string; amount_cents: number }
  | { kind: 'cancellation'; credit_note_number: string; amount_cents: number };

/** The VAT included at one rate: the base without it, and the VAT (cents). */
export interface InvoiceVat {
  rate_percent: number;
  base_cents: number;
  vat_cents: number;
}

/** The seller as the business's settings were when the document was issued. */
export interface InvoiceSeller {
  legal_name: string;
  address: string;
  country: string;
  vat_number: string;
  registration_number: string;
  email: string;
  phone: string;
  notes: InvoiceNotes;
}

/**
 * Everything an issued document shows, stored when it is issued (issued documents never change: the PDF is drawn from
 * this, so a later change of the business, the guest or the booking changes nothing already issued).
 */
export interface InvoiceDocument {
  version: 1;
  kind: InvoiceKind;
  number: string;
  /** The site's calendar date (TZ_SITE) it was issued on. */
  issue_date: string;
  language: Language;
  seller: InvoiceSeller;
  buyer: { name: string; email: string };
  booking: { id: string; start_date: string; end_date: string };
  /** The document this one corrects: a credit note's invoice, a cancelling entry's credit note. */
  corrects: string | null;
  lines: InvoiceLine[];
  /** Taxes outside VAT (tourist taxes), cents. */
  taxes_cents: number;
  vat: InvoiceVat[];
  total_cents: number;
  method: 'stripe' | 'paypal';
}
