import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';

/**
 * The housekeeping queries: deleting rows that no longer mean anything, and the photo references of properties and
 * rooms. Every delete takes a bounded batch with `FOR UPDATE SKIP LOCKED`, so instances running it at once share the
 * work instead of waiting on each other (docs/decisions/0016-housekeeping-and-hostile-inputs.md).
 */
export class HousekeepingRepository {
  constructor(private readonly db: Database) {}

  /** Rate-limit windows that have ended: the next request of that key starts a new window anyway. */
  async deleteExpiredRateLimits(limit: number): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`delete from rate_limits where key in (
            select key from rate_limits where reset_at < now() limit ${limit} for update skip locked)
          returning 1`,
    );
    return rows.length;
  }

  /** Outbox messages sent more than `days` ago (pending, sending and failed ones stay). */
  async deleteSentOutbox(days: number, limit: number): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`delete from outbox_messages where id in (
            select id from outbox_messages
            where status = 'sent' and coalesce(sent_at, created_at) < now() - make_interval(days => ${days})
            limit ${limit} for update skip locked)
          returning 1`,
    );
    return rows.length;
  }

  /** Provider webhook events applied more than `days` ago: providers stop retrying an event within days. */
  async deleteProcessedWebhookEvents(days: number, limit: number): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`delete from processed_webhook_events where (provider, event_id) in (
            select provider, event_id from processed_webhook_events
            where processed_at < now() - make_interval(days => ${days})
            limit ${limit} for update skip locked)
          returning 1`,
    );
    return rows.length;
  }

  /** Logged-out tokens past their own expiry: an expired token is refused anyway (decision 0014). */
  async deleteExpiredRevokedTokens(limit: number): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`delete from revoked_tokens where jti in (
            select jti from revoked_tokens where expires_at < now() limit ${limit} for update skip locked)
          returning 1`,
    );
    return rows.length;
  }

  /** Password reset links that expired more than `days` ago (used or not): no request can use them any more. */
  async deleteExpiredPasswordResets(days: number, limit: number): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`delete from password_resets where id in (
            select id from password_resets where expires_at < now() - make_interval(days => ${days})
            limit ${limit} for update skip locked)
          returning 1`,
    );
    return rows.length;
  }

  /**
   * Empties the photo lists of properties and rooms archived more than `hours` ago whose nights are all behind them
   * (no booking that still occupies a night after `today`): nothing shows an archived row's photos. Answers how many
   * rows let go of their photos.
   */
  async releaseArchivedPhotos(hours: number, today: string): Promise<number> {
    const liveBooking = (roomIds: ReturnType<typeof sql>) => sql`exists (
      select 1 from bookings b
      where b.room_id in (${roomIds}) and b.status <> 'cancelled' and b.end_date > ${today}
        and (b.status <> 'pending' or b.hold_expires_at is null or b.hold_expires_at > now()))`;
    const cutoff = sql`now() - make_interval(hours => ${hours})`;
    const rooms = await queryRows(
      this.db,
      sql`update rooms r set photos = '[]'::jsonb
          where r.archived_at < ${cutoff} and r.photos <> '[]'::jsonb and not ${liveBooking(sql`r.id`)}
          returning 1`,
    );
    const properties = await queryRows(
      this.db,
      sql`update properties p set photos = '[]'::jsonb
          where p.archived_at < ${cutoff} and p.photos <> '[]'::jsonb
            and not ${liveBooking(sql`select id from rooms where property_id = p.id`)}
          returning 1`,
    );
    return rooms.length + properties.length;
  }

  /** Which of these photo URLs a property or a room lists, archived ones included. */
  async referencedPhotos(urls: string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const candidates = sql`select jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb) as url`;
    const rows = await queryRows<{ url: string }>(
      this.db,
      sql`select c.url from (${candidates}) c
          where exists (select 1 from properties where photos ? c.url)
             or exists (select 1 from rooms where photos ? c.url)`,
    );
    return new Set(rows.map((row) => row.url));
  }
}
