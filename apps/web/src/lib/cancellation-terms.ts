import { cancellationStage, freeCancellationUntil, type CancellationPolicy } from '@roomweek/contract';

/** What cancelling a stay gives back on a given day (docs/behaviour.md §10), as the guest is told it. */
export type CancellationTerms =
  /** Everything paid comes back when cancelling on `until` or before. */
  | { kind: 'free'; until: string }
  /** The free days are over: `percent` % of what was paid comes back until the day before arrival. */
  | { kind: 'late'; percent: number }
  /** Nothing comes back: the stay has started (the arrival day counts), or the late terms give nothing. */
  | { kind: 'none' };

/** The terms of a stay arriving on `startDate` under `policy`, seen on the site's `today`. */
export function cancellationTerms(policy: CancellationPolicy, startDate: string, today: string): CancellationTerms {
  const stage = cancellationStage(policy, startDate, today);
  if (stage === 'free') return { kind: 'free', until: freeCancellationUntil(policy, startDate) };
  if (stage === 'late' && policy.late_refund_percent > 0) return { kind: 'late', percent: policy.late_refund_percent };
  return { kind: 'none' };
}
