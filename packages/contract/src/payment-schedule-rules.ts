import { addDays } from './dates.ts';

/**
 * A deposit now, the balance later (issue 28, docs/decisions/0044-deposits-and-balances.md). Zod-free: the server
 * computes a booking's schedule with `paymentSchedule`, the room page shows the same figures before booking.
 */

/** What happens to a balance still unpaid after its grace days: the owner is told, or the booking is cancelled too. */
export const OVERDUE_ACTIONS = ['notify', 'cancel'] as const;
export type OverdueAction = (typeof OVERDUE_ACTIONS)[number];

/**
 * `none`: paid in one go (no deposit); `due`: a balance is owed; `paid`; `overdue`: unpaid past its due date and the
 * grace days; `waived`: the owner gave it up.
 */
export const BALANCE_STATUSES = ['none', 'due', 'paid', 'overdue', 'waived'] as const;
export type BalanceStatus = (typeof BALANCE_STATUSES)[number];

/** How money received outside the providers came (recorded by the owner or staff). */
export const RECORDED_PAYMENT_METHODS = ['cash', 'bank_transfer', 'card_terminal'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/** What one payment of a booking paid: everything at once, the deposit, the balance, or a sum recorded by hand. */
export const PAYMENT_KINDS = ['full', 'deposit', 'balance', 'recorded'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export interface PaymentTermsRules {
  /** 0–99; 0: everything at booking. */
  deposit_percent: number;
  /** The balance is due this many days before arrival (1–365). */
  balance_due_days: number;
  /** Days after the due date before an unpaid balance is overdue (0–30). */
  balance_grace_days: number;
  overdue_action: OverdueAction;
}

export const DEFAULT_PAYMENT_TERMS: Readonly<PaymentTermsRules> = Object.freeze({
  deposit_percent: 0,
  balance_due_days: 30,
  balance_grace_days: 3,
  overdue_action: 'notify',
});

/** A booking's schedule, in cents: what it pays when booked, what later and by when (null: nothing later). */
export interface PaymentScheduleCents {
  depositCents: number;
  balanceCents: number;
  balanceDueDate: string | null;
}

/** `part` % of `cents`, rounded half up to the cent (integers only). */
export function percentHalfUp(cents: number, percent: number): number {
  return Math.floor((2 * cents * percent + 100) / 200);
}

/**
 * The schedule of a stay booked on `today` under `terms`: with a deposit, `deposit_percent` % of (total − taxes),
 * rounded half up — the taxes are paid with the balance — and the rest due `balance_due_days` before arrival. No
 * deposit, a due date already reached, or a deposit that would be the whole or nothing: everything at once.
 */
export function paymentSchedule(
  terms: PaymentTermsRules,
  stay: { totalCents: number; taxesCents: number; startDate: string },
  today: string,
): PaymentScheduleCents {
  const whole: PaymentScheduleCents = { depositCents: stay.totalCents, balanceCents: 0, balanceDueDate: null };
  if (terms.deposit_percent <= 0) return whole;
  const dueDate = addDays(stay.startDate, -terms.balance_due_days);
  if (today >= dueDate) return whole;
  const deposit = percentHalfUp(Math.max(0, stay.totalCents - stay.taxesCents), terms.deposit_percent);
  if (deposit <= 0 || deposit >= stay.totalCents) return whole;
  return { depositCents: deposit, balanceCents: stay.totalCents - deposit, balanceDueDate: dueDate };
}

/** The last day a balance may be paid before it is overdue: the due date plus the grace days. */
export const overdueAfter = (dueDate: string, graceDays: number): string => addDays(dueDate, graceDays);

/** Days before the due date from which the guest is reminded (once), then again on the day (once). */
export const BALANCE_REMINDER_DAYS = 7;
