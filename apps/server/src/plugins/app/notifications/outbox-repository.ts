import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../../db/client.ts';
import { outboxMessages, type OutboxChannel, type OutboxKind, type OutboxStatus } from '../../../db/outbox-schema.ts';
import { bookings } from '../../../db/schema.ts';

/** A message as the notifier writes it. */
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

/** A row as claimed: its values after the claim, plus the status it had before. */
export interface ClaimedMessage {
  id: string;
  channel: OutboxChannel;
  kind: OutboxKind;
  recipient: string | null;
  language: string;
  payload: Record<string, unknown>;
  secret: string | null;
  attempts: number;
  expired: boolean;
  previous_status: OutboxStatus;
}

/**
 * The queries on outbox_messages: the notifier's writes, in the event's transaction; the dispatcher's claim of one due
 * message and its outcome, fenced on that claim.
 */
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Executor, message: NewOutboxMessage): Promise<void> {
    await tx.insert(outboxMessages).values(message);
  }

  /** A message at most once per `dedupeKey`: a repeat writes nothing. */
  async insertOnce(tx: Executor, message: NewOutboxMessage): Promise<void> {
    await tx.insert(outboxMessages).values(message).onConflictDoNothing({ target: outboxMessages.dedupeKey });
  }

  /**
   * A booking's message, once per `dedupeKey` (a repeat writes nothing), recorded as the booking's guest's: the export
   * lists it, a deletion erases it (decision 0021).
   */
  async insertForBooking(tx: Executor, message: Omit<NewOutboxMessage, 'userId'>, bookingId: string): Promise<void> {
    await tx
      .insert(outboxMessages)
      .values({ ...message, userId: sql`(select ${bookings.userId} from ${bookings} where ${bookings.id} = ${bookingId})` })
      .onConflictDoNothing({ target: outboxMessages.dedupeKey });
  }

  /** Takes the oldest due message no other dispatcher holds, leased for `leaseSeconds`, in one autocommitted statement. */
  async claimNext(leaseSeconds: number): Promise<ClaimedMessage | null> {
    const [row] = await queryRows<ClaimedMessage>(
      this.db,
      sql`with next as (
            select id, status from outbox_messages
            where status in ('pending', 'sending') and next_attempt_at <= now()
            order by next_attempt_at
            limit 1
            for update skip locked
          )
          update outbox_messages m
          set status = 'sending',
              attempts = m.attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
          from next
          where m.id = next.id
          returning m.id, m.channel, m.kind, m.recipient, m.language, m.payload, m.secret, m.attempts,
                    coalesce(m.expires_at <= now(), false) as expired, next.status as previous_status`,
    );
    return row ?? null;
  }

  async markSent(claim: ClaimedMessage, providerMessageId: string | null): Promise<boolean> {
    return this.fenced(claim, sql`status = 'sent', sent_at = now(), secret = null, provider_message_id = ${providerMessageId}`);
  }

  async markRetry(claim: ClaimedMessage, error: string, delaySeconds: number): Promise<boolean> {
    return this.fenced(claim, sql`status = 'pending', last_error = ${error}, next_attempt_at = now() + make_interval(secs => ${delaySeconds})`);
  }

  async markFailed(claim: ClaimedMessage, error: string): Promise<boolean> {
    return this.fenced(claim, sql`status = 'failed', secret = null, last_error = ${error}`);
  }

  /** Writes `set` only if this claim still holds the row (same attempt, still sending); false when it was lost. */
  private async fenced(claim: ClaimedMessage, set: ReturnType<typeof sql>): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`update outbox_messages set ${set} where id = ${claim.id} and status = 'sending' and attempts = ${claim.attempts} returning id`,
    );
    return rows.length > 0;
  }
}
