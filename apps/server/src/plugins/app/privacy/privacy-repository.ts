import { and, asc, desc, eq, gt, inArray, ne, notLike, sql, type SQL } from 'drizzle-orm';
import { ANONYMISED_NAME, anonymisedEmail, GUESTS_PAGE_SIZE, type GuestsQuery } from '@roomweek/contract';
import { queryRows, type Database, type Executor } from '../../../db/client.ts';
import { outboxMessages } from '../../../db/outbox-schema.ts';
import { paymentAttempts, paymentRefunds } from '../../../db/payments-schema.ts';
import { checkIns } from '../../../db/check-in-schema.ts';
import { reviews } from '../../../db/reviews-schema.ts';
import { bookings, emailVerifications, passwordResets, properties, revokedTokens, rooms, users } from '../../../db/schema.ts';
import { loginChallenges, twoFactorRecoveryCodes, userSessions } from '../../../db/security-schema.ts';
import { lockActiveAdminIds, type UserRow } from '../auth/users-repository.ts';
import { SUBJECT_FIELDS } from './message-subjects.ts';

/** A stored password hash no password matches (lib/passwords.ts reads only `scrypt$…`). */
const UNUSABLE_PASSWORD = 'anonymised';

/**
 * The SET list that erases a message's personal content: its address, its error (which may quote the address), any
 * sealed credential, and every payload field but those its subject names (decision 0021).
 */
export const ERASE_MESSAGE_CONTENT = sql.raw(`recipient = null, last_error = null, secret = null, erased_at = now(),
  payload = jsonb_strip_nulls(jsonb_build_object(${SUBJECT_FIELDS.map((field) => `'${field}', payload->'${field}'`).join(', ')}))`);

export interface GuestRow {
  user: UserRow;
  bookings: number;
}

/** The queries of a guest's own data: what the export reads, what a deletion writes, the admin's guests list. */
export class PrivacyRepository {
  constructor(private readonly db: Database) {}

  async user(id: string, executor: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await executor.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Takes the account's row lock for the rest of the transaction: two deletions of one account run one after the other. */
  async lockUser(tx: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  /** Locks every live admin account and answers how many there are: the last one may not go (409 `last_admin`). */
  async lockLiveAdmins(tx: Executor): Promise<string[]> {
    return lockActiveAdminIds(tx);
  }

  /** The account's bookings that have not begun and are not cancelled: those a deletion cancels, soonest first. */
  async upcomingBookingIds(userId: string, today: string, executor: Executor = this.db): Promise<string[]> {
    const rows = await executor
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), ne(bookings.status, 'cancelled'), gt(bookings.startDate, today)))
      .orderBy(asc(bookings.startDate), asc(bookings.id));
    return rows.map((row) => row.id);
  }

  async paymentsOf(bookingIds: string[]) {
    if (bookingIds.length === 0) return [];
    return this.db
      .select()
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.bookingId, bookingIds))
      .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
  }

  async refundsOf(bookingIds: string[]) {
    if (bookingIds.length === 0) return [];
    return this.db
      .select()
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.bookingId, bookingIds))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  }

  /** The messages sent (or to be sent) to the account: about it, and not the owner's own alerts. */
  async messagesOf(userId: string) {
    return this.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), notLike(outboxMessages.kind, 'admin\\_%')))
      .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  }

  /**
   * Anonymises the account (the caller holds its lock): the name becomes "Deleted user", the e-mail a unique
   * non-routable one, birth date, birth place and phone are erased, no password matches, its role goes, and the token
   * version moves on (every session ends). Its bookings keep their stays and money but lose the name and e-mail; its
   * reset links, revoked tokens (useless now) and attempt counters are deleted; its messages already sent or given up are erased, and
   * those waiting to be sent about the account itself (a reset link, an e-mail change) are given up. Messages about
   * its bookings still waiting (the cancellations just made) are sent, then erased with the others (decision 0021).
   */
  /** The reviews the account wrote, with where (decision 0035). */
  async reviewsOf(userId: string) {
    return this.db
      .select({ review: reviews, propertyName: properties.name, roomNumber: rooms.roomNumber })
      .from(reviews)
      .innerJoin(rooms, eq(rooms.id, reviews.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt));
  }

  async anonymise(tx: Executor, account: Pick<UserRow, 'id' | 'email'>): Promise<void> {
    const userId = account.id;
    const email = anonymisedEmail(userId);
    await tx
      .update(users)
      .set({
        email,
        name: ANONYMISED_NAME,
        firstName: null,
        birthDate: null,
        birthPlace: null,
        phone: null,
        passwordHash: UNUSABLE_PASSWORD,
        defaultPassword: false,
        role: 'client',
        tokenVersion: sql`${users.tokenVersion} + 1`,
        deletedAt: sql`coalesce(${users.deletedAt}, now())`,
        // Two-factor sign-in and its devices go with the account (decision 0034).
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: null,
        twoFactorLastStep: null,
      })
      .where(eq(users.id, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    await tx.delete(userSessions).where(eq(userSessions.userId, userId));
    // Billing details too; issued invoices and credit notes keep their own copy (legal retention, INVOICE_RETENTION_YEARS).
    await tx.update(bookings).set({ userName: ANONYMISED_NAME, userEmail: email, billing: null }).where(eq(bookings.userId, userId));
    // Reviews stay, signed "A former guest" (docs/decisions/0035): the name they showed goes.
    await tx.update(reviews).set({ authorName: null }).where(eq(reviews.userId, userId));
    // The travellers' identities of its check-ins go too (decision 0036), except a stay's the owner must keep for the
    // authorities (decision 0038): by now every stay not begun is cancelled, so a confirmed one has begun or is over;
    // its check-in stays until housekeeping deletes it CHECK_IN_RETENTION_DAYS after departure.
    await tx
      .delete(checkIns)
      .where(inArray(checkIns.bookingId, tx.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.userId, userId), ne(bookings.status, 'confirmed')))));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
    await tx.delete(revokedTokens).where(eq(revokedTokens.userId, userId));
    // The attempt counters that name the account (auth-service.ts, login-throttle.ts, the per-account limits).
    const keys = [`login-failures:account:${account.email}`, `two-factor-failures:account:${userId}`, `forgot-password:${account.email}`, `reset-mails:${account.email}`, ...['password-check', 'export', 'booking', 'verify-email'].map((k) => `${k}:${userId}`)];
    await queryRows(
      tx,
      sql`delete from rate_limits where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)}) or starts_with(key, ${`login-known:${account.email}:`})`,
    );
    await queryRows(
      tx,
      sql`update outbox_messages set status = 'failed', next_attempt_at = now(), ${ERASE_MESSAGE_CONTENT}
          where user_id = ${userId} and status = 'pending' and kind in ('password_reset', 'email_changed', 'account_invitation', 'staff_invitation', 'review_invitation', 'review_hidden')`,
    );
    await queryRows(
      tx,
      sql`update outbox_messages set ${ERASE_MESSAGE_CONTENT}
          where user_id = ${userId} and erased_at is null and status in ('sent', 'failed')`,
    );
  }

  /** One page of client accounts, newest first, with how many bookings each made; and how many match in all. */
  async guests(query: GuestsQuery): Promise<{ rows: GuestRow[]; total: number }> {
    const conditions: SQL[] = [eq(users.role, 'client')];
    if (query.q) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        sql`(${users.email} ilike ${pattern} or ${users.name} ilike ${pattern} or ${users.firstName} ilike ${pattern}
          or (coalesce(${users.firstName}, '') || ' ' || ${users.name}) ilike ${pattern} or ${users.phone} ilike ${pattern})`,
      );
    }
    const where = and(...conditions);
    // Spelled out: drizzle leaves a one-table query's columns unqualified, which the subquery would read as its own.
    const bookingCount = sql<number>`(select count(*)::int from bookings b where b.user_id = "users"."id")`;
    const page = this.db
      .select({ user: users, bookings: bookingCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(query.limit ?? GUESTS_PAGE_SIZE)
      .offset(query.offset ?? 0);
    const [rows, [count]] = await Promise.all([page, this.db.select({ count: sql<number>`count(*)::int` }).from(users).where(where)]);
    return { rows, total: count?.count ?? 0 };
  }
}
