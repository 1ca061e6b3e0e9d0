import { z } from 'zod';
import { CalendarDate, Euros } from './common.ts';
import {
  BALANCE_STATUSES,
  OVERDUE_ACTIONS,
  PAYMENT_KINDS,
  RECORDED_PAYMENT_METHODS,
  type PaymentTermsRules,
} from './payment-schedule-rules.ts';

export * from './payment-schedule-rules.ts';

/** GET /payment-terms, PUT /admin/payment-terms, a property's `payment_terms` (issue 28). */
export const PaymentTerms = z.object({
  deposit_percent: z.number().int().min(0).max(99),
  balance_due_days: z.number().int().min(1).max(365),
  balance_grace_days: z.number().int().min(0).max(30),
  overdue_action: z.enum(OVERDUE_ACTIONS),
}) satisfies z.ZodType<PaymentTermsRules>;
export type PaymentTerms = z.infer<typeof PaymentTerms>;

export const BalanceStatus = z.enum(BALANCE_STATUSES);

/** A booking's schedule, part of every booking answer. */
export const BookingSchedule = z.object({
  /** Paid at booking (the whole total when there is no balance). */
  deposit_amount: z.number(),
  /** Paid later; 0 when paid in one go. */
  balance_amount: z.number(),
  balance_due_date: CalendarDate.nullable(),
  balance_status: BalanceStatus,
  /** The guest's card is charged for the balance on its due date. */
  balance_auto_charge: z.boolean(),
});

/** POST /bookings/{id}/balance: the guest pays the balance by card (a Checkout Session) or PayPal (an order). */
export const PayBalanceBody = z.object({
  payment_method: z.enum(['stripe', 'paypal']),
  host_url: z.string().max(500).optional(),
  return_url: z.string().max(500).optional(),
  cancel_url: z.string().max(500).optional(),
});
export const PayBalanceResponse = z.union([z.object({ url: z.string() }), z.object({ order_id: z.string() })]);

export const BALANCE_NOTE_MAX_LENGTH = 500;

/** POST /admin/bookings/{id}/balance. */
export const AdminBalanceBody = z.object({
  action: z.enum(['charge_now', 'mark_paid', 'waive']),
  /** For `mark_paid`: how the money came (default: bank transfer). */
  method: z.enum(RECORDED_PAYMENT_METHODS).optional(),
  note: z.string().trim().max(BALANCE_NOTE_MAX_LENGTH).default(''),
});
export type AdminBalanceBody = z.input<typeof AdminBalanceBody>;

/** The largest sum recorded in one go (€1,000,000): past it, a typing error. */
export const MAX_RECORDED_PAYMENT = 1_000_000;

/** POST /admin/bookings/{id}/payments: money received on site (400 `overpayment` past what is owed). */
export const RecordPaymentBody = z.object({
  amount: Euros.refine((v) => v > 0 && v <= MAX_RECORDED_PAYMENT, { message: `between 0.01 and ${MAX_RECORDED_PAYMENT}` }),
  method: z.enum(RECORDED_PAYMENT_METHODS),
  note: z.string().trim().max(BALANCE_NOTE_MAX_LENGTH).default(''),
});
export type RecordPaymentBody = z.input<typeof RecordPaymentBody>;

/** One payment received for a booking (GET /admin/bookings/{id}/payments). */
export const BookingPayment = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(['stripe', 'paypal', ...RECORDED_PAYMENT_METHODS]),
  amount: z.number(),
  /** What of it was refunded (or is being refunded). */
  refunded_amount: z.number(),
  /** The provider's reference (PaymentIntent, capture), null for money recorded by hand. */
  reference: z.string().nullable(),
  note: z.string(),
  received_at: z.string(),
});
export type BookingPayment = z.infer<typeof BookingPayment>;

/** Overdue balances, for the dashboard. */
export const OverdueBalance = z.object({
  booking_id: z.string(),
  user_name: z.string(),
  room_number: z.string(),
  property_name: z.string(),
  start_date: CalendarDate,
  balance_amount: z.number(),
  balance_due_date: CalendarDate,
});
