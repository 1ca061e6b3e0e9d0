import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';

export interface OutboxBacklog {
  /** Messages waiting to be sent or being sent (failed ones are not waiting any more). */
  messages: number;
  /** Age of the oldest of them, seconds; 0 when there is none. */
  oldestAgeSeconds: number;
}

export interface PaymentsBacklog {
  /** Payments still open for bookings still pending: each is settled or closed by a webhook, a poll or reconciliation. */
  openAttempts: number;
  oldestOpenAttemptAgeSeconds: number;
  /** Refunds not yet confirmed by the provider (retried and followed by the reconciliation job). */
  pendingRefunds: number;
  oldestPendingRefundAgeSeconds: number;
}

/**
 * The operator's questions to the database: is it migrated (readiness), and what is waiting (metrics). Each query
 * reads a partial index of the waiting rows, so a scrape costs the same whatever the history's size.
 */
export class OperationsRepository {
  constructor(private readonly db: Database) {}

  /** Answers when the database does (GET /api/health, the outage tracker's recovery probe); throws when it does not. */
  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  /** Which of these migrations the database has not applied (all of them when it has none: no schema_migrations). */
  async missingMigrations(expected: string[]): Promise<string[]> {
    const [table] = await queryRows<{ exists: boolean }>(this.db, sql`select to_regclass('public.schema_migrations') is not null as exists`);
    if (!table?.exists) return expected;
    const applied = new Set(await this.appliedMigrations());
    return expected.filter((name) => !applied.has(name));
  }

  /** The migrations the database has applied (a restore counts them). */
  async appliedMigrations(): Promise<string[]> {
    const rows = await queryRows<{ name: string }>(this.db, sql`select name from schema_migrations`);
    return rows.map((row) => row.name);
  }

  async outboxBacklog(): Promise<OutboxBacklog> {
    const [row] = await queryRows<{ messages: number; oldest: number | null }>(
      this.db,
      sql`select count(*)::int as messages, extract(epoch from now() - min(created_at))::float8 as oldest
          from outbox_messages where status in ('pending', 'sending')`,
    );
    return { messages: row?.messages ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
  }

  async paymentsBacklog(): Promise<PaymentsBacklog> {
    const [row] = await queryRows<{ attempts: number; oldest_attempt: number | null; refunds: number; oldest_refund: number | null }>(
      this.db,
      sql`select a.attempts, a.oldest_attempt, r.refunds, r.oldest_refund
          from (select count(*)::int as attempts, extract(epoch from now() - min(pa.created_at))::float8 as oldest_attempt
                from payment_attempts pa join bookings b on b.id = pa.booking_id
                where pa.status = 'open' and b.status = 'pending') a,
               (select count(*)::int as refunds, extract(epoch from now() - min(created_at))::float8 as oldest_refund
                from payment_refunds where status = 'pending') r`,
    );
    return {
      openAttempts: row?.attempts ?? 0,
      oldestOpenAttemptAgeSeconds: Math.max(0, row?.oldest_attempt ?? 0),
      pendingRefunds: row?.refunds ?? 0,
      oldestPendingRefundAgeSeconds: Math.max(0, row?.oldest_refund ?? 0),
    };
  }

  /**
   * The imported iCal feeds of bookable rooms: how many, how many failed at their last try, and how old the oldest last
   * success is (a feed never synced counts from when it was added). docs/behaviour.md §14.
   */
  async calendarSync(): Promise<{ feeds: number; failing: number; oldestSyncAgeSeconds: number }> {
    const [row] = await queryRows<{ feeds: number; failing: number; oldest: number | null }>(
      this.db,
      sql`select count(*)::int as feeds, (count(*) filter (where c.last_error is not null))::int as failing,
                 extract(epoch from now() - min(coalesce(c.last_synced_at, c.created_at)))::float8 as oldest
          from room_calendars c join rooms r on r.id = c.room_id join properties p on p.id = r.property_id
          where r.archived_at is null and p.archived_at is null`,
    );
    return { feeds: row?.feeds ?? 0, failing: row?.failing ?? 0, oldestSyncAgeSeconds: Math.max(0, row?.oldest ?? 0) };
  }
}
