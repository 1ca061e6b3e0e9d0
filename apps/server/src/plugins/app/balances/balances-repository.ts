import { and, asc, eq, sql } from 'drizzle-orm';
import type { bookingPayments, PaymentProvider } from '../../../db/payments-schema.ts';
import { queryRows, type Database, type Executor } from '../../../db/client.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';

/** One payment of a booking, with what of it was refunded (or is being refunded). */
export interface PaymentWithRefunds {
  id: string;
  kind: (typeof bookingPayments.$inferSelect)['kind'];
  method: (typeof bookingPayments.$inferSelect)['method'];
  reference: string | null;
  amount_cents: number;
  refunded_cents: number;
  note: string;
  received_at: Date;
}

/** What a provider payment can still give back. */
export interface RefundablePart {
  method: PaymentProvider;
  reference: string;
  refundable_cents: number;
}

/** A balance whose reminder, charge or overdue step a job claimed. */
export interface ClaimedBalance {
  id: string;
  overdue_action: string | null;
}

export type BalanceStep = 'remind_soon' | 'remind_due' | 'charge' | 'overdue';

/**
 * The queries of deposits and balances (decision 0044): a booking's payments, the overdue list, and the job's claims.
 * Each claim is one UPDATE … RETURNING over rows taken FOR UPDATE SKIP LOCKED, in the caller's transaction: one instance
 * acts on one booking, once.
 */
export class BalancesRepository {
  constructor(private readonly db: Database) {}

  /** The booking's payments, oldest first, each with its refunds not failed (matched by the provider's reference). */
  async payments(bookingId: string, executor: Executor = this.db): Promise<PaymentWithRefunds[]> {
    const rows = await queryRows<Omit<PaymentWithRefunds, 'received_at'> & { received_at: string | Date }>(
      executor,
      sql`select p.id, p.kind, p.method, p.reference, p.amount_cents::float8 as amount_cents, p.note, p.received_at,
            coalesce((select sum(r.amount_cents) from payment_refunds r
                      where r.booking_id = p.booking_id and p.reference is not null and r.payment_reference = p.reference
                        and r.provider = p.method and r.status <> 'failed'), 0)::float8 as refunded_cents
          from booking_payments p where p.booking_id = ${bookingId}
          order by p.received_at, p.id`,
    );
    return rows.map((row) => ({ ...row, received_at: new Date(row.received_at) }));
  }

  /** Provider payments that can still give money back, latest first (a refund is spread over them in this order). */
  async refundableParts(tx: Executor, bookingId: string): Promise<RefundablePart[]> {
    const rows = await this.payments(bookingId, tx);
    return rows
      .filter((row): row is PaymentWithRefunds & { method: PaymentProvider; reference: string } => (row.method === 'stripe' || row.method === 'paypal') && row.reference !== null)
      .map((row) => ({ method: row.method, reference: row.reference, refundable_cents: row.amount_cents - row.refunded_cents, receivedAt: row.received_at }))
      .filter((row) => row.refundable_cents > 0)
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())
      .map(({ method, reference, refundable_cents }) => ({ method, reference, refundable_cents }));
  }

  /** Confirmed bookings whose balance is overdue, earliest arrival first. */
  overdue() {
    return this.db
      .select({
        booking_id: bookings.id,
        user_name: bookings.userName,
        room_number: rooms.roomNumber,
        property_name: properties.name,
        start_date: bookings.startDate,
        balance_cents: bookings.balanceCents,
        balance_due_date: bookings.balanceDueDate,
      })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(bookings.status, 'confirmed'), eq(bookings.balanceStatus, 'overdue')))
      .orderBy(asc(bookings.startDate), asc(bookings.id))
      .limit(200);
  }

  /**
   * Claims up to 50 bookings due for a step on `today` (the site's date) and marks the step taken, in `tx`:
   * - remind_soon: the due date 7 days away or less, still ahead; remind_due: the due date reached, no saved card;
   * - charge: a saved card, the due date reached, not tried yet;
   * - overdue: unpaid after the due date and the booking's grace days → `overdue`.
   */
  claim(tx: Executor, step: BalanceStep, today: string, soonDays: number): Promise<ClaimedBalance[]> {
    const open = sql`b.status = 'confirmed' and b.balance_status = 'due'`;
    const [condition, set] = {
      remind_soon: [
        sql`${open} and b.balance_due_date > ${today}::date and b.balance_due_date <= ${today}::date + ${soonDays}::int and b.balance_reminded_soon_at is null`,
        sql`balance_reminded_soon_at = now()`,
      ],
      // A saved card is charged that day instead; a refusal sends its own e-mail with the link to pay.
      remind_due: [
        sql`${open} and not b.balance_auto_charge and b.balance_due_date <= ${today}::date and b.balance_reminded_due_at is null`,
        sql`balance_reminded_due_at = now()`,
      ],
      charge: [
        sql`${open} and b.balance_auto_charge and b.balance_due_date <= ${today}::date and b.balance_charged_at is null`,
        sql`balance_charged_at = now()`,
      ],
      overdue: [
        sql`${open} and b.balance_due_date + coalesce((b.payment_terms->>'balance_grace_days')::int, 0) < ${today}::date`,
        sql`balance_status = 'overdue'`,
      ],
    }[step];
    return queryRows<ClaimedBalance>(
      tx,
      sql`update bookings set ${set} where id in (
            select b.id from bookings b where ${condition} order by b.balance_due_date, b.id limit 50 for update skip locked)
          returning id, payment_terms->>'overdue_action' as overdue_action`,
    );
  }

  /** A charge whose call failed (the provider unreachable) is tried again at the next run, under the same key. */
  async chargeAgainLater(id: string): Promise<void> {
    await this.db.update(bookings).set({ balanceChargedAt: null }).where(eq(bookings.id, id));
  }
}
