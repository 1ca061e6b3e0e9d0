import { z } from 'zod';
import { Booking } from './bookings.ts';
import { adminErrors, ErrorResponse, IdParams, writeErrors } from './common.ts';
import { paths } from './paths.ts';
import { AdminBalanceBody, BookingPayment, OverdueBalance, PayBalanceBody, PayBalanceResponse, PaymentTerms, RecordPaymentBody } from './payment-terms.ts';
import { defineRoute } from './route.ts';

/** A deposit now, the balance later (issue 28, docs/decisions/0044-deposits-and-balances.md). Part of routes.ts's table. */
export const balanceRoutes = Object.freeze({
  terms: defineRoute(paths.balances.terms, {
    auth: 'public',
    summary: "The site's payment terms: the deposit taken at booking and when the balance is due (a property may have its own: its payment_terms)",
    response: { 200: PaymentTerms },
  }),
  updateTerms: defineRoute(paths.balances.updateTerms, {
    auth: 'admin',
    summary: "Change the site's payment terms; bookings already made keep the terms they were made under",
    body: PaymentTerms,
    response: { 200: PaymentTerms, ...adminErrors },
  }),
  pay: defineRoute(paths.balances.pay, {
    auth: 'user',
    summary:
      "Pay the balance of one of your bookings: `{url}` of a Checkout Session (stripe) or `{order_id}` of a PayPal order, captured by " +
      'POST /payments/paypal/capture/{order_id}. 409 nothing_due when no balance is owed; confirmed by the same webhooks, status ' +
      'call and reconciliation as any payment, once whatever the retries',
    params: IdParams,
    body: PayBalanceBody,
    response: { 200: PayBalanceResponse, ...writeErrors, 429: ErrorResponse, 502: ErrorResponse, 503: ErrorResponse },
  }),
  manage: defineRoute(paths.balances.manage, {
    auth: 'admin',
    summary:
      "The owner's hand on a balance: `charge_now` (the guest's saved card, off-session; 409 no_saved_card), `mark_paid` (received by " +
      'bank transfer, cash or card terminal: recorded and invoiced) or `waive`. 409 nothing_due when no balance is owed',
    params: IdParams,
    body: AdminBalanceBody,
    response: { 200: Booking, ...writeErrors, 502: ErrorResponse, 503: ErrorResponse },
  }),
  payments: defineRoute(paths.balances.payments, {
    auth: 'admin',
    summary: "Every payment received for a booking, oldest first, with what of each was refunded (admins and staff)",
    params: IdParams,
    response: { 200: z.array(BookingPayment), ...writeErrors },
  }),
  recordPayment: defineRoute(paths.balances.recordPayment, {
    auth: 'admin',
    summary:
      'Money received outside the providers (cash, bank transfer, card terminal) for an on-site booking or a balance: added to ' +
      'paid_amount and invoiced. 400 overpayment past what is still owed; 409 nothing_due when nothing is (admins and staff)',
    params: IdParams,
    body: RecordPaymentBody,
    response: { 201: Booking, ...writeErrors },
  }),
  overdue: defineRoute(paths.balances.overdue, {
    auth: 'admin',
    summary: 'Confirmed bookings whose balance is overdue, earliest arrival first (the dashboard’s list)',
    response: { 200: z.array(OverdueBalance), ...adminErrors },
  }),
});
