import { z } from 'zod';
import { BillingBody } from './billing.ts';
import { Booking } from './bookings.ts';
import { adminErrors, ErrorResponse, IdParams, writeErrors } from './common.ts';
import { AdminInvoiceList, InvoiceNumberParams, InvoicePeriodQuery, InvoiceSummary, MAX_INVOICE_PERIOD_DAYS } from './invoices.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/** Invoices and credit notes (issue 29, docs/decisions/0037-invoices.md). Part of routes.ts's table. */
export const invoiceRoutes = Object.freeze({
  ofBooking: defineRoute(paths.invoices.ofBooking, {
    auth: 'user',
    summary:
      "The booking's invoices and credit notes, oldest first (amount in euros, negative for a credit note): its guest's " +
      'and the admins’ only; 404 booking_not_found for anyone else',
    params: IdParams,
    response: { 200: z.array(InvoiceSummary), 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
  }),
  billing: defineRoute(paths.invoices.billing, {
    auth: 'user',
    summary:
      'Who the booking’s invoices are made out to: billing details {name, company, address, vat_number} (a name or a ' +
      'company), or null for the account. Its guest only (404 booking_not_found for anyone else); 409 billing_locked ' +
      'once an invoice was issued for it',
    params: IdParams,
    body: BillingBody,
    response: { 200: Booking, ...writeErrors },
  }),
  pdf: defineRoute(paths.invoices.pdf, {
    auth: 'user',
    summary:
      'An invoice or credit note as a PDF (A4, in the guest’s language), drawn from what was stored when it was issued: ' +
      'its booking’s guest and the admins only; 404 invoice_not_found for anyone else',
    params: InvoiceNumberParams,
    response: { 200: z.string().meta({ description: 'application/pdf' }), 401: ErrorResponse, 404: ErrorResponse },
  }),
  adminList: defineRoute(paths.invoices.adminList, {
    auth: 'admin',
    summary:
      'Every invoice and credit note issued between two of the site’s dates (both included, at most ' +
      `${MAX_INVOICE_PERIOD_DAYS} days), oldest first, with each column’s total (euros, added in cents)`,
    querystring: InvoicePeriodQuery,
    response: { 200: AdminInvoiceList, ...adminErrors },
  }),
  exportCsv: defineRoute(paths.invoices.exportCsv, {
    auth: 'admin',
    summary:
      'The same documents for the accountant as CSV (UTF-8, comma-separated, a header row then one row per document: ' +
      'number, date, guest, net, VAT, taxes, total, method, booking)',
    querystring: InvoicePeriodQuery,
    response: { 200: z.string().meta({ description: 'text/csv' }), ...adminErrors },
  }),
});
