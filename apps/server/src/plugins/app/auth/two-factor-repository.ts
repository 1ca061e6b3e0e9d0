import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { loginChallenges, twoFactorRecoveryCodes } from '../../../db/security-schema.ts';
import type { UserRow } from './users-repository.ts';

/** The queries of two-factor sign-in (migration 0021, docs/decisions/0034-two-factor-and-sessions.md). */
export class TwoFactorRepository {
  constructor(private readonly db: Executor) {}

  /** Keeps the secret of a setup until a code confirms it; nothing when 2FA is already on. */
  async setPending(userId: string, sealedSecret: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ twoFactorPendingSecret: sealedSecret })
      .where(and(eq(users.id, userId), isNull(users.twoFactorSecret)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Turns 2FA on with the pending secret the code was checked against (unless it changed meanwhile), at `step`. */
  async enable(userId: string, pendingSecret: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ twoFactorSecret: pendingSecret, twoFactorPendingSecret: null, twoFactorEnabledAt: sql`now()`, twoFactorLastStep: step })
      .where(and(eq(users.id, userId), eq(users.twoFactorPendingSecret, pendingSecret), isNull(users.twoFactorSecret)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async disable(userId: string): Promise<void> {
    await this.db
      .update(users)
      .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
      .where(eq(users.id, userId));
    await this.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await this.db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  }

  /** Records `step` as used, if no code of that step or a later one was accepted yet: false is a replay. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(
        and(
          eq(users.id, userId),
          isNotNull(users.twoFactorSecret),
          or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    await this.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await this.db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Uses up one unused recovery code of the account: false when there is none with this hash. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ id: twoFactorRecoveryCodes.id });
    return rows.length > 0;
  }

  async insertChallenge(userId: string, tokenHash: string, seconds: number): Promise<void> {
    await this.db.insert(loginChallenges).values({ userId, tokenHash, expiresAt: sql`now() + make_interval(secs => ${seconds})` });
  }

  /** The account of a challenge not used and not expired (by the database's clock), claiming nothing. */
  async findChallengeUser(tokenHash: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(loginChallenges)
      .innerJoin(users, eq(users.id, loginChallenges.userId))
      .where(and(this.usable(tokenHash), isNull(users.deletedAt)));
    return row?.user;
  }

  /** Uses the challenge up, if it still can be: a second claim finds nothing. */
  async claimChallenge(tokenHash: string): Promise<boolean> {
    const rows = await this.db.update(loginChallenges).set({ usedAt: sql`now()` }).where(this.usable(tokenHash)).returning({ id: loginChallenges.id });
    return rows.length > 0;
  }

  private usable(tokenHash: string) {
    return and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, sql`now()`));
  }
}
