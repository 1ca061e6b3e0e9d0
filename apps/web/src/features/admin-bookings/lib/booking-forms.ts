import { BALANCE_NOTE_MAX_LENGTH, CancelBookingBody, RecordPaymentBody, REFUND_REASON_MAX_LENGTH, RefundBody, toCents } from '@roomweek/contract';
import { z } from 'zod';
import { decimalText, required } from '@/features/admin-shell/lib/form-text';
import { formRule, type FormMessages } from '@/lib/use-zod-form';

/** The bookings screen's forms: a refund, and the admin's cancel with its refund (decision 0017). */

/** The admin's note with a refund or a cancellation: optional, not sent when empty. */
const reasonText = z
  .string()
  .trim()
  .max(REFUND_REASON_MAX_LENGTH)
  .transform((reason) => reason || undefined)
  .optional();

/** POST /admin/bookings/{id}/refund: more than 0, at most 2 decimals, no more than is still refundable. */
export const refundForm = (refundableCents: number) =>
  RefundBody.extend({ amount: decimalText.pipe(RefundBody.shape.amount), reason: reasonText }).refine(
    (body) => toCents(body.amount) <= refundableCents,
    formRule('amount', 'validation.refundTooLarge'),
  );
export const refundMessages: FormMessages = {
  required,
  fields: { amount: 'validation.refundAmount', reason: 'validation.reasonLength' },
};

/**
 * The admin's cancel (PUT /bookings/{id}/cancel): the refund, when something is refundable (0 gives nothing back,
 * never more than is still refundable), and a reason.
 */
export const adminCancelForm = (refundableCents: number) =>
  CancelBookingBody.extend({
    refund_amount: decimalText.pipe(CancelBookingBody.shape.refund_amount.unwrap()).optional(),
    reason: reasonText,
  }).refine(
    (body) => body.refund_amount === undefined || toCents(body.refund_amount) <= refundableCents,
    formRule('refund_amount', 'validation.refundTooLarge'),
  );
export const adminCancelMessages: FormMessages = {
  required,
  fields: { refund_amount: 'validation.refundAmountZero', reason: 'validation.reasonLength' },
};

/** POST /admin/bookings/{id}/payments (issue 28): euros received on site (more than 0, at most 2 decimals), how, a note. */
export const recordPaymentForm = RecordPaymentBody.extend({
  amount: decimalText.pipe(RecordPaymentBody.shape.amount),
  note: z.string().trim().max(BALANCE_NOTE_MAX_LENGTH),
});
export const recordPaymentMessages: FormMessages = {
  required,
  fields: { amount: 'validation.recordedAmount', note: 'validation.reasonLength' },
};
