import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { foldBookingTotals } from '../bookings/booking-totals-repository.ts';
import { occupiesNights } from '../bookings/bookings-repository.ts';
import { ERASE_MESSAGE_CONTENT } from '../privacy/privacy-repository.ts';

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * The housekeeping queries: deleting rows that no longer mean anything, and the photo references of properties and
 * rooms. Every delete takes a bounded batch with `FOR UPDATE SKIP LOCKED`, so instances running it at once share the
 * work instead of waiting on each other (docs/decisions/0016-housekeeping-and-hostile-inputs.md).
 */
export class HousekeepingRepository {
  constructor(private readonly db: Database) {}

  /** Deletes up to `limit` rows of `table` (primary key: the columns `key`) matching `where`, skipping rows another instance is deleting. */
  private async deleteBatch(table: string, key: string, where: SQL, limit: number): Promise<number> {
    const [t, k] = [sql.identifier(table), sql.raw(key)];
    const rows = await queryRows(
      this.db,
      sql`delete from ${t} where (${k}) in (select ${k} from ${t} where ${where} limit ${limit} for update skip locked) returning 1`,
    );
    return rows.length;
  }

  /**
   * Online check-ins (the travellers' identities) of stays that left on `departedBy` or before: kept as long as the
   * law asks the owner to, CHECK_IN_RETENTION_DAYS after departure, then deleted (docs/decisions/0038).
   */
  deleteExpiredCheckIns(departedBy: string, limit: number): Promise<number> {
    return this.deleteBatch('check_ins', 'booking_id', sql`booking_id in (select id from bookings where end_date <= ${departedBy})`, limit);
  }

  /** Rate-limit windows that have ended: the next request of that key starts a new window anyway. */
  deleteExpiredRateLimits(limit: number): Promise<number> {
    return this.deleteBatch('rate_limits', 'key', sql`reset_at < now()`, limit);
  }

  /** Outbox messages sent more than `days` ago (pending, sending and failed ones stay). */
  deleteSentOutbox(days: number, limit: number): Promise<number> {
    return this.deleteBatch('outbox_messages', 'id', sql`status = 'sent' and coalesce(sent_at, created_at) < ${daysAgo(days)}`, limit);
  }

  /** Provider webhook events applied more than `days` ago: providers stop retrying an event within days. */
  deleteProcessedWebhookEvents(days: number, limit: number): Promise<number> {
    return this.deleteBatch('processed_webhook_events', 'provider, event_id', sql`processed_at < ${daysAgo(days)}`, limit);
  }

  /** Logged-out tokens past their own expiry: an expired token is refused anyway (decision 0014). */
  /** Devices whose token has expired (migration 0021, decision 0034). */
  deleteExpiredSessions(limit: number): Promise<number> {
    return this.deleteBatch('user_sessions', 'jti', sql`expires_at < now()`, limit);
  }

  /** Sign-in challenges used or past their 5 minutes (migration 0021). */
  deleteSpentLoginChallenges(limit: number): Promise<number> {
    return this.deleteBatch('login_challenges', 'id', sql`used_at is not null or expires_at < now()`, limit);
  }

  deleteExpiredRevokedTokens(limit: number): Promise<number> {
    return this.deleteBatch('revoked_tokens', 'jti', sql`expires_at < now()`, limit);
  }

  /** Password reset links used or expired: no request can use them any more (decision 0021: erased at once, not kept as a trace). */
  deleteSpentPasswordResets(limit: number): Promise<number> {
    return this.deleteBatch('password_resets', 'id', sql`used_at is not null or expires_at < now()`, limit);
  }

  /** E-mail verification links used or expired (docs/decisions/0029): as reset links, nothing can use them any more. */
  deleteSpentEmailVerifications(limit: number): Promise<number> {
    return this.deleteBatch('email_verifications', 'id', sql`used_at is not null or expires_at < now()`, limit);
  }

  /**
   * Erases the personal content (address, body, error) of up to `limit` messages sent or given up more than `days`
   * ago, skipping rows another instance is erasing; the row stays (kind, dates, subject) until it is deleted.
   */
  async eraseOldMessageContent(days: number, limit: number): Promise<number> {
    const cutoff = daysAgo(days);
    const rows = await queryRows(
      this.db,
      sql`update outbox_messages set ${ERASE_MESSAGE_CONTENT} where id in (
            select id from outbox_messages
            where erased_at is null and status in ('sent', 'failed') and created_at < ${cutoff} and coalesce(sent_at, created_at) < ${cutoff}
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
    const liveBooking = (roomIds: SQL) =>
      sql`exists (select 1 from bookings where bookings.room_id in (${roomIds}) and bookings.end_date > ${today} and ${occupiesNights()})`;
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

  /** The booking counters' deltas, folded into their one row (plugins/app/bookings/booking-totals-repository.ts); answers how many. */
  foldBookingTotals(): Promise<number> {
    return foldBookingTotals(this.db);
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
