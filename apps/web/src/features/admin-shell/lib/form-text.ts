import { CancellationPolicy, PaymentTerms } from '@roomweek/contract';
import { z } from 'zod';

/**
 * What the admin forms share (decision 0017): they check the contract's bodies with the admin's messages
 * (`validation.*` in the admin namespace); web-only here: numbers typed as text, with a French decimal comma.
 * Each admin feature's own forms are in its lib/*-forms.ts.
 */
export const required = 'validation.required';

/** A number as typed: digits, with a dot or a comma for decimals (French keyboards). */
const DECIMAL = /^-?\d+([.,]\d+)?$/;
export const decimalText = z
  .string()
  .trim()
  .regex(DECIMAL)
  .transform((text) => Number(text.replace(',', '.')));
/** An optional number: empty is null. */
export const optionalDecimalText = z.union([z.string().trim().length(0).transform(() => null), decimalText]);

/** A whole number as typed (digits only). */
export const wholeNumberText = z.string().trim().regex(/^\d+$/).transform(Number);

/** docs/behaviour.md §10: days 0–365 and percent 0–100, whole numbers, typed as text. */
export const policyFields = {
  free_until_days: wholeNumberText.pipe(CancellationPolicy.shape.free_until_days),
  late_refund_percent: wholeNumberText.pipe(CancellationPolicy.shape.late_refund_percent),
};
export const policyFieldMessages = {
  free_until_days: 'validation.freeUntilDays',
  late_refund_percent: 'validation.lateRefundPercent',
} as const;

/** Issue 28: the deposit's percent, the balance's days before arrival and grace days, whole numbers typed as text. */
export const paymentTermsFields = {
  deposit_percent: wholeNumberText.pipe(PaymentTerms.shape.deposit_percent),
  balance_due_days: wholeNumberText.pipe(PaymentTerms.shape.balance_due_days),
  balance_grace_days: wholeNumberText.pipe(PaymentTerms.shape.balance_grace_days),
};
export const paymentTermsFieldMessages = {
  deposit_percent: 'validation.depositPercent',
  balance_due_days: 'validation.balanceDueDays',
  balance_grace_days: 'validation.balanceGraceDays',
} as const;
