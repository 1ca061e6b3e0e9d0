import { addDays, cancellationStage, freeCancellationUntil, type CancellationPolicy } from '@roomweek/contract';

/** What cancelling a stay gives back on a given day (docs/behaviour.md §10), as the guest is told it. */
export type CancellationTerms =
  /** Everything paid comes back when cancelling on `until` or before. */
  | { kind: 'free'; until: string }
  /** The free days are over: `percent` % of what was paid comes back until the day before arrival. */
  | { kind: 'late'; percent: number }
  /** Nothing comes back: the stay has started (the arrival day counts), or the late terms give nothing. */
  | { kind: 'none' };

/**
 * The last day on which cancelling is free: arrival − free_until_days, but never the arrival day itself, which
 * counts as started (a policy of 0 days is free until the day before arrival).
 */
export function lastFreeDay(policy: CancellationPolicy, startDate: string): string {
  const until = freeCancellationUntil(policy, startDate);
  return until < startDate ? until : addDays(startDate, -1);
}

/** The terms of a stay arriving on `startDate` under `policy`, seen on the site's `today`. */
export function cancellationTerms(policy: CancellationPolicy, startDate: string, today: string): CancellationTerms {
  const stage = cancellationStage(policy, startDate, today);
  if (stage === 'free') return { kind: 'free', until: lastFreeDay(policy, startDate) };
  if (stage === 'late' && policy.late_refund_percent > 0) return { kind: 'late', percent: policy.late_refund_percent };
  return { kind: 'none' };
}
