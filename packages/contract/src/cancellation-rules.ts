import { addDays } from './dates.ts';

/**
 * The cancellation terms' constants and rules without zod, so the room and bookings pages can use them without
 * loading it (docs/decisions/0026-zod-free-public-pages.md); cancellation.ts re-exports them beside its schemas.
 */

/**
 * A stay's cancellation terms (docs/behaviour.md §10): free until `free_until_days` days before arrival, then
 * `late_refund_percent` % of what was paid back; nothing once the stay has started. Checked by cancellation.ts's schema.
 */
export type CancellationPolicy = {
  free_until_days: number;
  late_refund_percent: number;
};

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { free_until_days: 14, late_refund_percent: 50 };

/** Where a refund stands: none asked, on its way (provider not done yet), done, or given up on (the admin acts). */
export const REFUND_STATUSES = ['none', 'pending', 'succeeded', 'failed'] as const;

export const CANCELLED_BY = ['guest', 'admin', 'system'] as const;

/** The longest note an admin may give with a cancellation or a refund. */
export const REFUND_REASON_MAX_LENGTH = 500;

/**
 * The last day on which cancelling is free: arrival − free_until_days, and never the arrival day itself (from it
 * the stay has started), so a policy of 0 days means free until the day before arrival.
 */
export function freeCancellationUntil(policy: CancellationPolicy, startDate: string): string {
  return addDays(startDate, -Math.max(policy.free_until_days, 1));
}

/** Where a day stands in a stay's terms: free, late (a part back) or started (nothing back). */
export type CancellationStage = 'free' | 'late' | 'started';

/** Where `today` stands in a stay's terms, given its last free day (`freeCancellationUntil`, or a message's copy of it). */
export function cancellationStageFrom(lastFreeDay: string, startDate: string, today: string): CancellationStage {
  if (today >= startDate) return 'started';
  return today <= lastFreeDay ? 'free' : 'late';
}

/** Where `today` stands in a stay's terms: free, late (a part back) or started (nothing back). */
export function cancellationStage(policy: CancellationPolicy, startDate: string, today: string): CancellationStage {
  return cancellationStageFrom(freeCancellationUntil(policy, startDate), startDate, today);
}

/** What the policy gives back, split: the rent and fees (the policy's share) and the taxes (all of them before arrival). */
export interface PolicyRefund {
  rentAndFeesCents: number;
  taxesCents: number;
  totalCents: number;
}

/**
 * Cents the policy gives back when cancelling on `today` (docs/behaviour.md §10, §18): all that was paid while free;
 * once late, the taxes paid in full (a tax is not owed for a stay that does not happen) and `late_refund_percent` % of
 * the rest (rounded to the cent, half up); nothing from arrival; never more than what is still unrefunded (the rent
 * and fees' part gives way first).
 */
export function policyRefund(
  policy: CancellationPolicy,
  stay: { startDate: string; paidCents: number; refundedCents: number; taxesCents?: number },
  today: string,
): PolicyRefund {
  const stage = cancellationStage(policy, stay.startDate, today);
  const taxesPaid = stage === 'started' ? 0 : Math.min(stay.taxesCents ?? 0, stay.paidCents);
  const rest = stay.paidCents - taxesPaid;
  const share = stage === 'free' ? rest : stage === 'late' ? Math.floor((rest * policy.late_refund_percent + 50) / 100) : 0;
  const left = Math.max(0, stay.paidCents - stay.refundedCents);
  const taxesCents = Math.min(taxesPaid, left);
  const rentAndFeesCents = Math.min(share, left - taxesCents);
  return { rentAndFeesCents, taxesCents, totalCents: rentAndFeesCents + taxesCents };
}

/** Cents the policy gives back when cancelling on `today` (`policyRefund`'s total). */
export function policyRefundCents(
  policy: CancellationPolicy,
  stay: { startDate: string; paidCents: number; refundedCents: number; taxesCents?: number },
  today: string,
): number {
  return policyRefund(policy, stay, today).totalCents;
}
