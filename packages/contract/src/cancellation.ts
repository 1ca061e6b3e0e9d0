import { z } from 'zod';
import { CANCELLED_BY, REFUND_REASON_MAX_LENGTH, REFUND_STATUSES } from './cancellation-rules.ts';
import type * as Rules from './cancellation-rules.ts';
import { CalendarDate, Euros } from './common.ts';

export {
  CANCELLED_BY,
  cancellationStage,
  cancellationStageFrom,
  type CancellationStage,
  DEFAULT_CANCELLATION_POLICY,
  freeCancellationUntil,
  policyRefund,
  policyRefundCents,
  type PolicyRefund,
  REFUND_REASON_MAX_LENGTH,
  REFUND_STATUSES,
} from './cancellation-rules.ts';

/**
 * docs/behaviour.md §10: free cancellation until `free_until_days` days before arrival; after that
 * `late_refund_percent` % of what was paid comes back; nothing once the stay has started (the arrival day counts).
 */
export const CancellationPolicy = z.object({
  free_until_days: z.number().int().min(0).max(365),
  late_refund_percent: z.number().int().min(0).max(100),
}) satisfies z.ZodType<Rules.CancellationPolicy>;
export type CancellationPolicy = Rules.CancellationPolicy;

/** Where a refund stands (REFUND_STATUSES in cancellation-rules.ts). */
export const RefundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatus>;

export const CancelledBy = z.enum(CANCELLED_BY);
export type CancelledBy = z.infer<typeof CancelledBy>;

/**
 * PUT /bookings/{id}/cancel: a guest sends nothing (the policy decides); an admin may say how much goes back
 * (0 ≤ amount ≤ what was paid and not yet refunded; default: all of it) and why.
 */
export const CancelBookingBody = z
  .object({
    refund_amount: Euros.optional(),
    reason: z.string().trim().max(REFUND_REASON_MAX_LENGTH).optional(),
  })
  .strict();
export type CancelBookingBody = z.input<typeof CancelBookingBody>;

/** POST /admin/bookings/{id}/refund: part or all of what was paid, without cancelling (sent with an Idempotency-Key). */
export const RefundBody = z
  .object({
    amount: Euros.refine((value) => value > 0, { message: 'Must be more than 0' }),
    reason: z.string().trim().max(REFUND_REASON_MAX_LENGTH).optional(),
  })
  .strict();
export type RefundBody = z.input<typeof RefundBody>;

/** The Idempotency-Key header of a refund: one per click of the admin's button. */
export const IdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { message: 'Expected 8 to 100 letters, digits, - or _' })
  .meta({ example: '3f0c9a6e-5d1b-4b8e-9a57-0c1f2f4a8d11' });
export const RefundHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey.optional() });

/** GET /bookings/{id}/cancellation: what cancelling now would give back, before the guest confirms. */
export const CancellationQuote = z.object({
  /** What this caller's cancel would refund now, in euros (the admin's default is everything not yet refunded). */
  refund_amount: z.number(),
  /** What the policy gives back now (the guest's figure), in euros. */
  policy_refund_amount: z.number(),
  paid_amount: z.number(),
  /** paid − refund. */
  fee: z.number(),
  /** The policy's refund split (docs/behaviour.md §18): the policy's share of rent and fees, and the taxes, in full before arrival. */
  policy_refund_split: z.object({ rent_and_fees: z.number(), taxes: z.number() }),
  free_cancellation_until: CalendarDate,
  policy: CancellationPolicy,
});
export type CancellationQuote = z.infer<typeof CancellationQuote>;
