import { z } from 'zod';
import type { InvoiceNotes } from './business.ts';
import { CalendarDate } from './common.ts';
import { daysBetween } from './dates.ts';
import type { Language } from './languages.ts';

/** Invoices and credit notes (issue 29, docs/decisions/0037-invoices.md). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** How the money of a document moved: a provider, or by hand (recorded by the owner, decision 0044). */
export const INVOICE_METHODS = ['stripe', 'paypal', 'cash', 'bank_transfer', 'card_terminal'] as const;
export type InvoiceMethod = (typeof INVOICE_METHODS)[number];

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
 * credit note cancelled; `part`: a payment of part of the booking (its deposit, its balance, or a sum received by hand),
 * referring to the booking and its total (decision 0044).
 */
export type InvoiceLine =
  | { kind: 'rent'; start_date: string; end_date: string; nights: number; price_per_week_cents: number; amount_cents: number }
  | { kind: 'discount'; amount_cents: number }
  | { kind: 'fee' | 'tax'; name: string; quantity: number; unit_cents: number; amount_cents: number }
  | { kind: 'refund'; invoice_number: string; amount_cents: number }
  | { kind: 'cancellation'; credit_note_number: string; amount_cents: number }
  | { kind: 'part'; part: 'deposit' | 'balance' | 'payment'; booking_total_cents: number; amount_cents: number };

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
  /** The guest's name and e-mail, and the billing details they gave (company, address, VAT number) when any. */
  buyer: { name: string; email: string; company?: string; address?: string; vat_number?: string };
  booking: { id: string; start_date: string; end_date: string };
  /** The document this one corrects: a credit note's invoice, a cancelling entry's credit note. */
  corrects: string | null;
  lines: InvoiceLine[];
  /** Taxes outside VAT (tourist taxes), cents. */
  taxes_cents: number;
  vat: InvoiceVat[];
  total_cents: number;
  method: InvoiceMethod;
}

/** The longest period the admin's list and the accountant's export cover at once (a leap year, both ends included). */
export const MAX_INVOICE_PERIOD_DAYS = 366;

/** `?from=&to=`: the documents issued between two of the site's dates, both included. */
export const InvoicePeriodQuery = z
  .object({ from: CalendarDate, to: CalendarDate })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_INVOICE_PERIOD_DAYS, { message: `At most ${MAX_INVOICE_PERIOD_DAYS} days at once`, path: ['to'] });
export type InvoicePeriodQuery = z.infer<typeof InvoicePeriodQuery>;

/**
 * One document as the owner's list shows it (and the export writes it), amounts in euros, tax included in `total`:
 * `net` = `total` − `vat` − `taxes`; negative for a credit note. `guest`: who it was issued to (the billing name or
 * company when the guest gave one). `method`: how the money moved.
 */
export const AdminInvoice = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  issue_date: z.string(),
  guest: z.string(),
  booking_id: z.string(),
  method: z.enum(INVOICE_METHODS),
  net: z.number(),
  vat: z.number(),
  taxes: z.number(),
  total: z.number(),
  url: z.string(),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;

/** Each column's sum over the period, added in cents then given in euros. */
export const InvoiceTotals = z.object({ count: z.number().int(), net: z.number(), vat: z.number(), taxes: z.number(), total: z.number() });
export type InvoiceTotals = z.infer<typeof InvoiceTotals>;

export const AdminInvoiceList = z.object({ from: z.string(), to: z.string(), documents: z.array(AdminInvoice), totals: InvoiceTotals });
export type AdminInvoiceList = z.infer<typeof AdminInvoiceList>;
