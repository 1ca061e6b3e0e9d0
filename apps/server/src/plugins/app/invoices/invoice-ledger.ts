import { invoicePdfUrl, type AdminInvoice, type AdminInvoiceList, type InvoiceDocument } from '@roomweek/contract';
import { csvDocument, csvText } from '../../../lib/csv.ts';
import type { InvoiceRow } from './invoices-repository.ts';

/**
 * The owner's list of a period's documents and the accountant's CSV (docs/behaviour.md §19): pure functions of the
 * stored documents, every amount added in integer cents and turned into euros once, at the end.
 */

interface LedgerLine {
  number: string;
  kind: AdminInvoice['kind'];
  issueDate: string;
  guest: string;
  bookingId: string;
  method: AdminInvoice['method'];
  netCents: number;
  vatCents: number;
  taxesCents: number;
  totalCents: number;
}

/** Who a document was issued to, as one text: the company and the name when both were given. */
export function buyerLabel(buyer: InvoiceDocument['buyer']): string {
  const company = buyer.company?.trim() ?? '';
  const name = buyer.name.trim();
  if (company && name && company !== name) return `${company} (${name})`;
  return company || name || buyer.email;
}

function lineOf(row: InvoiceRow): LedgerLine {
  const document = row.document;
  const vatCents = document.vat.reduce((sum, v) => sum + v.vat_cents, 0);
  return {
    number: row.number,
    kind: row.kind,
    issueDate: row.issueDate,
    guest: buyerLabel(document.buyer),
    bookingId: row.bookingId,
    method: document.method,
    netCents: row.amountCents - vatCents - document.taxes_cents,
    vatCents,
    taxesCents: document.taxes_cents,
    totalCents: row.amountCents,
  };
}

const euros = (cents: number) => cents / 100;

export function ledger(rows: InvoiceRow[], from: string, to: string): AdminInvoiceList {
  const lines = rows.map(lineOf);
  const sum = (pick: (line: LedgerLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    from,
    to,
    documents: lines.map((line) => ({
      number: line.number,
      kind: line.kind,
      issue_date: line.issueDate,
      guest: line.guest,
      booking_id: line.bookingId,
      method: line.method,
      net: euros(line.netCents),
      vat: euros(line.vatCents),
      taxes: euros(line.taxesCents),
      total: euros(line.totalCents),
      url: invoicePdfUrl(line.number),
    })),
    totals: {
      count: lines.length,
      net: euros(sum((l) => l.netCents)),
      vat: euros(sum((l) => l.vatCents)),
      taxes: euros(sum((l) => l.taxesCents)),
      total: euros(sum((l) => l.totalCents)),
    },
  };
}

/** Cents as the export writes them: a point, always two decimals, a minus sign when negative. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const CSV_HEADER = ['number', 'date', 'guest', 'net', 'vat', 'taxes', 'total', 'method', 'booking'];

/** The accountant's export: one row per document (lib/csv.ts's form). */
export function ledgerCsv(rows: InvoiceRow[]): string {
  const lines = rows.map(lineOf).map((line) => [
    csvText(line.number),
    line.issueDate,
    csvText(line.guest),
    centsText(line.netCents),
    centsText(line.vatCents),
    centsText(line.taxesCents),
    centsText(line.totalCents),
    line.method,
    line.bookingId,
  ]);
  return csvDocument(CSV_HEADER, lines);
}
