import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';

/** The columns of booking_totals and booking_total_deltas (migration 0013). */
const COUNTERS = [
  'bookings',
  'confirmed',
  'pending',
  'cancelled',
  'revenue_cents',
  'received_cents',
  'refunds_pending',
  'refunds_pending_cents',
  'refunds_failed',
] as const;
export type BookingCounter = (typeof COUNTERS)[number];

/**
 * The counters over every booking, as the database keeps them: the folded row plus the deltas not folded yet, read in
 * one statement (one snapshot), so the answer is exact and costs the same at any number of bookings. Sums of cents
 * may pass 2^31: read as text, answered as numbers (exact below 2^53).
 */
export async function readBookingTotals(db: Executor): Promise<Record<BookingCounter, number>> {
  const [row] = await queryRows<Record<BookingCounter, string>>(
    db,
    sql`select ${sql.raw(COUNTERS.map((c) => `(coalesce(t.${c}, 0) + coalesce(d.${c}, 0))::text as ${c}`).join(', '))}
        from (select ${sql.raw(COUNTERS.map((c) => `sum(${c}) as ${c}`).join(', '))} from booking_total_deltas) d
        left join booking_totals t on t.id = 1`,
  );
  return Object.fromEntries(COUNTERS.map((c) => [c, Number(row?.[c] ?? 0)])) as Record<BookingCounter, number>;
}

/**
 * Folds the appended deltas into the one totals row (the housekeeping job): one statement, so a delta is counted in
 * exactly one place in any snapshot. Two instances folding at once each take the deltas the other has not deleted.
 * Answers how many deltas were folded.
 */
export async function foldBookingTotals(db: Executor): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    db,
    sql`with moved as (delete from booking_total_deltas returning *),
        sums as (select count(*)::int as folded, ${sql.raw(COUNTERS.map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(', '))} from moved),
        applied as (
          insert into booking_totals (id, ${sql.raw(COUNTERS.join(', '))})
          select 1, ${sql.raw(COUNTERS.join(', '))} from sums where sums.folded > 0
          on conflict (id) do update set ${sql.raw(COUNTERS.map((c) => `${c} = booking_totals.${c} + excluded.${c}`).join(', '))}
          returning 1
        )
        select sums.folded from sums`,
  );
  return row?.folded ?? 0;
}
