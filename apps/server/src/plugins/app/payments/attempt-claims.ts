import { sql, type SQL } from 'drizzle-orm';
import type { AttemptPurpose, PaymentProvider } from '../../../db/payments-schema.ts';

/**
 * Which payment attempts the payment jobs claim (reconciliation.ts): the rule, as SQL over an attempt `a` and its
 * booking `b`; `PaymentsRepository.claimAttempts` runs it.
 */

/**
 * Which open attempts a job claims: `abandoned`, those of bookings no longer pending or now paid another way (a PayPal
 * capture still PENDING is not abandoned); `unsettled`, those of pending bookings older than `minAgeSeconds` whose
 * webhook never came; `pendingCaptures`, PayPal captures still PENDING whatever their booking's state.
 */
export type AttemptsToClaim = { kind: 'abandoned' } | { kind: 'unsettled'; minAgeSeconds: number } | { kind: 'pendingCaptures' };

/**
 * An attempt whose money is still wanted: the booking's own (its total or deposit) while it is pending and paid that
 * way; a balance's while the booking is confirmed and its balance open (decision 0044).
 */
const stillWanted = sql`(case when a.purpose = 'balance' then b.status = 'confirmed' and b.balance_status in ('due', 'overdue')
  else b.status = 'pending' and a.provider = b.payment_method end)`;

/** The SQL condition of each `AttemptsToClaim` (alias a = attempt, b = booking). */
export function attemptCondition(which: AttemptsToClaim): SQL {
  switch (which.kind) {
    case 'abandoned':
      return sql`not ${stillWanted} and a.capture_status is distinct from 'PENDING'`;
    case 'unsettled':
      return sql`${stillWanted} and a.capture_status is distinct from 'PENDING' and a.created_at <= now() - make_interval(secs => ${which.minAgeSeconds})`;
    case 'pendingCaptures':
      return sql`a.provider = 'paypal' and a.capture_status = 'PENDING'`;
  }
}

/** An open attempt taken on lease by a job (see `claimAttempts`). */
export interface ClaimedAttempt {
  id: string;
  booking_id: string;
  provider: PaymentProvider;
  external_id: string;
  booking_paypal_order_id: string | null;
  booking_status: string;
  capture_status: string | null;
  purpose: AttemptPurpose;
}
