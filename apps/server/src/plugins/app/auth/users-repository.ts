import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language, User } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { emailVerifications, passwordResets, revokedTokens, settings, users } from '../../../db/schema.ts';
import { REQUIRE_TWO_FACTOR_SETTING } from '../settings/settings-repository.ts';

export type UserRow = typeof users.$inferSelect;

/** How a person is named on bookings and in messages: first name, then name. */
export const fullName = (user: Pick<UserRow, 'firstName' | 'name'>) => [user.firstName, user.name].filter(Boolean).join(' ');

/** `enrolmentRequired`: the owner requires 2FA of this account and it has none yet (AuthService knows). */
export function toUser(row: UserRow, enrolmentRequired = false): User {
  return {
    id: row.id,
    name: row.name,
    first_name: row.firstName,
    email: row.email,
    role: row.role,
    is_admin: row.role === 'admin',
    birth_date: row.birthDate,
    birth_place: row.birthPlace,
    phone: row.phone,
    language: row.language as Language,
    default_password: row.defaultPassword,
    email_verified: row.emailVerified,
    two_factor_enabled: row.twoFactorSecret !== null,
    two_factor_enrolment_required: enrolmentRequired,
  };
}

/**
 * The user of a token whose id no logout revoked, and whether the owner's require_two_factor_for_staff holds it to
 * enrolment (an admin without two-factor sign-in while the setting is on): one statement for every authenticated
 * request.
 */
const prepareSignedIn = (db: Executor) =>
  db
    .select({
      user: users,
      enrolmentRequired: sql<boolean>`(${users.role} in ('admin', 'staff') and ${users.twoFactorSecret} is null and exists (
        select 1 from ${settings} where ${settings.key} = ${REQUIRE_TWO_FACTOR_SETTING} and ${settings.value} = 'true'))`,
    })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('id')),
        isNull(users.disabledAt),
        sql`not exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
      ),
    )
    .prepare('users_signed_in');

export class UsersRepository {
  constructor(private readonly db: Executor) {}

  /** Every authenticated request looks its user up: prepared once (SQL built once, planned once per connection). */
  private signedIn: ReturnType<typeof prepareSignedIn> | undefined;

  /** The user `id`, unless the token `jti` was revoked by a logout, and whether it is held to enrolment. */
  async findSignedIn(id: string, jti: string): Promise<{ user: UserRow; enrolmentRequired: boolean } | undefined> {
    this.signedIn ??= prepareSignedIn(this.db);
    const [row] = await this.signedIn.execute({ id, jti });
    return row;
  }

  /** The live account of this address (an anonymised one has none it could be found, reset or signed in by). */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
    return row;
  }

  async insert(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  /** A new account, unless one already has this address (the unique index decides): then nothing. */
  async insertIfAbsent(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
    return row;
  }

  async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }

  /** Sets the password (and, set through a reset link, the address proved) and bumps the token version: every token issued before stops working. */
  async setPassword(id: string, password: { hash: string; isDefault: boolean; emailVerified?: true }): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({
        passwordHash: password.hash,
        defaultPassword: password.isDefault,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        ...(password.emailVerified && { emailVerified: true }),
      })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Every token issued before stops working (signing out everywhere else, decision 0034). */
  async bumpTokenVersion(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Ends one token before its expiry; the user's revocations of tokens already expired are dropped on the way. */
  async revokeToken(userId: string, jti: string, expiresAt: Date): Promise<void> {
    await this.db.delete(revokedTokens).where(and(eq(revokedTokens.userId, userId), sql`${revokedTokens.expiresAt} <= now()`));
    await this.db.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing();
  }

  /** After a token version bump no older token works anyway: their revocations are useless. */
  async forgetRevokedTokens(userId: string): Promise<void> {
    await this.db.delete(revokedTokens).where(eq(revokedTokens.userId, userId));
  }

  async insertReset(values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(passwordResets).values(values);
  }

  /** The reset of this token hash if it can still be used (not used, not expired); claims nothing. */
  async findUsableReset(tokenHash: string): Promise<typeof passwordResets.$inferSelect | undefined> {
    const [reset] = await this.db.select().from(passwordResets).where(this.usable(tokenHash));
    return reset;
  }

  /** Uses the reset of this token hash up, if it still can be: a second claim finds nothing. */
  async claimReset(tokenHash: string): Promise<typeof passwordResets.$inferSelect | undefined> {
    const [reset] = await this.db.update(passwordResets).set({ usedAt: sql`now()` }).where(this.usable(tokenHash)).returning();
    return reset;
  }

  /** Every reset link of the user not used yet stops working. */
  async endResets(userId: string): Promise<void> {
    await this.db
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
  }

  private usable(tokenHash: string) {
    return and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));
  }

  async insertVerification(values: { userId: string; email: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(emailVerifications).values(values);
  }

  /**
   * Uses up the verification link of this token hash if it is unused and unexpired, and marks its account proved when
   * the account still has the address the link was sent to. Answers the account proved, or nothing.
   */
  async claimVerification(tokenHash: string): Promise<UserRow | undefined> {
    const [link] = await this.db
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, sql`now()`)))
      .returning();
    if (!link) return undefined;
    const [row] = await this.db
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email), isNull(users.deletedAt)))
      .returning();
    return row;
  }

  /** Accounts whose e-mail or name contains the hint (case-insensitive), for e-mail recovery. */
  async search(hint: string, limit: number): Promise<UserRow[]> {
    const pattern = `%${hint.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .select()
      .from(users)
      .where(
        sql`${users.deletedAt} is null and (${users.email} ilike ${pattern} or ${users.name} ilike ${pattern} or ${users.firstName} ilike ${pattern} or (coalesce(${users.firstName}, '') || ' ' || ${users.name}) ilike ${pattern})`,
      )
      .orderBy(users.name)
      .limit(limit);
  }
}

/**
 * Locks the live, enabled admin accounts and answers their ids: the last one may not be deleted, demoted or disabled
 * (409 `last_admin`), whichever of those asks.
 */
export async function lockActiveAdminIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}
