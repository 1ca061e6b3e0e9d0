import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TeamMember } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { lockActiveAdminIds, type UserRow } from '../auth/users-repository.ts';

const TEAM_ROLES = ['admin', 'staff'] as const;

export function toTeamMember(row: UserRow): TeamMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'staff',
    disabled: row.disabledAt !== null,
    two_factor_enabled: row.twoFactorSecret !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The queries of the admins and staff (docs/decisions/0039-staff-and-audit.md). */
export class StaffRepository {
  constructor(private readonly db: Executor) {}

  /** Every live admin and staff member, disabled ones too: admins first, then by name. */
  async list(): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(inArray(users.role, [...TEAM_ROLES]), isNull(users.deletedAt)))
      .orderBy(asc(users.role), asc(users.name), asc(users.id));
  }

  /** Locks the live, enabled admins and answers their ids: the last one may not be demoted or disabled. */
  async lockActiveAdmins(tx: Executor): Promise<string[]> {
    return lockActiveAdminIds(tx);
  }

  /** A live admin or staff member, locked; undefined for a client, an anonymised account or an unknown id. */
  async lockMember(tx: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.role, [...TEAM_ROLES]), isNull(users.deletedAt)))
      .for('update');
    return row;
  }

  /** Sets the role and whether disabled; disabling also bumps the token version (every token ends). */
  async update(tx: Executor, id: string, changes: { role: 'admin' | 'staff'; disabled: boolean; endTokens: boolean }): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({
        role: changes.role,
        disabledAt: changes.disabled ? sql`coalesce(${users.disabledAt}, now())` : null,
        ...(changes.endTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }
}
