import { z } from 'zod';
import { adminErrors } from './common.ts';
import { paths } from './paths.ts';
import { BookingsExportQuery, ExportPeriodQuery, Report, ReportQuery } from './reports.ts';
import { defineRoute } from './route.ts';

const csv = { 200: z.string().meta({ description: 'text/csv' }), ...adminErrors };

/** The owner's numbers (issue 30, docs/decisions/0045-reports.md). Part of routes.ts's table. */
export const reportRoutes = Object.freeze({
  report: defineRoute(paths.reports.report, {
    auth: 'admin',
    summary:
      'Occupancy and revenue from `from` to `to` (the site’s dates, both included, at most three years), per month, week ' +
      'or day and in total, optionally one property’s or one room’s: nights available, sold and held, occupancy, rent, ' +
      'fees and taxes spread over the nights, ADR, RevPAR, arrivals, cancellations, stay length, lead time, payment ' +
      'methods, money received and refunded by date (admins and staff)',
    querystring: ReportQuery,
    response: { 200: Report, ...adminErrors },
  }),
  bookingsCsv: defineRoute(paths.reports.bookingsCsv, {
    auth: 'admin',
    summary:
      'Every booking (the bookings screen’s filters) as CSV, streamed: its fields, party, the price lines summed by kind, ' +
      'paid and refunded (admins only)',
    querystring: BookingsExportQuery,
    response: csv,
  }),
  paymentsCsv: defineRoute(paths.reports.paymentsCsv, {
    auth: 'admin',
    summary: 'Each payment and refund from `from` to `to` (the site’s dates) as CSV: date, booking, provider, reference, amount (admins only)',
    querystring: ExportPeriodQuery,
    response: csv,
  }),
  taxesCsv: defineRoute(paths.reports.taxesCsv, {
    auth: 'admin',
    summary:
      'The taxes of confirmed stays from `from` to `to` as CSV, per property, month and tax: stays, adult-nights counted, ' +
      'amount collected — what the city declaration asks (admins only)',
    querystring: ExportPeriodQuery,
    response: csv,
  }),
});
