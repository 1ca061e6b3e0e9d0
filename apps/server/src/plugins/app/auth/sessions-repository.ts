import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { revokedTokens, users } from '../../../db/schema.ts';
import { userSessions } from '../../../db/security-schema.ts';

export type SessionRow = typeof userSessions.$inferSelect;

/** Signed-in devices (migration 0021, docs/decisions/0034-two-factor-and-sessions.md). */
export class SessionsRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: { jti: string; userId: string; expiresAt: Date; tokenVersion: number }): Promise<void> {
    await this.db.insert(userSessions).values(values).onConflictDoNothing();
  }

  /** The device of this token is seen now: written the first time, its last_seen_at, address and browser moved after. */
  async touch(values: { jti: string; userId: string; expiresAt: Date; tokenVersion: number; ip: string; userAgent: string | null }): Promise<void> {
    await this.db
      .insert(userSessions)
      .values(values)
      .onConflictDoUpdate({ target: userSessions.jti, set: { lastSeenAt: sql`now()`, ip: values.ip, userAgent: values.userAgent } });
  }

  /** The account's devices whose token still works: not expired, not revoked, of the account's token version. */
  async live(userId: string): Promise<SessionRow[]> {
    return this.db
      .select({ session: userSessions })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(
        and(
          eq(userSessions.userId, userId),
          eq(userSessions.tokenVersion, users.tokenVersion),
          gt(userSessions.expiresAt, sql`now()`),
          sql`not exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${userSessions.jti})`,
        ),
      )
      .orderBy(desc(userSessions.lastSeenAt))
      .then((rows) => rows.map((row) => row.session));
  }

  async remove(userId: string, jti: string): Promise<void> {
    await this.db.delete(userSessions).where(and(eq(userSessions.userId, userId), eq(userSessions.jti, jti)));
  }

  /** Every device of the account but this one. */
  async removeOthers(userId: string, keptJti: string): Promise<void> {
    await this.db.delete(userSessions).where(and(eq(userSessions.userId, userId), ne(userSessions.jti, keptJti)));
  }
}
