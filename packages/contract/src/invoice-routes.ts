import { z } from 'zod';
import { ErrorResponse, IdParams } from './common.ts';
import { InvoiceNumberParams, InvoiceSummary } from './invoices.ts';
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
  pdf: defineRoute(paths.invoices.pdf, {
    auth: 'user',
    summary:
      'An invoice or credit note as a PDF (A4, in the guest’s language), drawn from what was stored when it was issued: ' +
      'its booking’s guest and the admins only; 404 invoice_not_found for anyone else',
    params: InvoiceNumberParams,
    response: { 200: z.string().meta({ description: 'application/pdf' }), 401: ErrorResponse, 404: ErrorResponse },
  }),
});
