import type { InviteUserBody, Language, TeamMember, UpdateUserBody } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { GuestAccounts } from '../auth/guest-accounts.ts';
import { UsersRepository } from '../auth/users-repository.ts';
import type { AuditService, AuditActor } from '../audit/audit-service.ts';
import { StaffRepository, toTeamMember } from './staff-repository.ts';

export interface StaffServiceOptions {
  db: Database;
  /** The password hash nobody knows and the invitation e-mail (the owner-entered bookings' own). */
  accounts: GuestAccounts;
  audit: AuditService;
  defaultLanguage: Language;
}

const emailTaken = () => conflict('email_taken', 'An account with this e-mail already exists');
const lastAdmin = () => conflict('last_admin', 'The last active administrator cannot be demoted or disabled; make another administrator first');

/** Admins and staff: invite, list, change a role, disable (docs/decisions/0039-staff-and-audit.md). */
export class StaffService {
  constructor(private readonly options: StaffServiceOptions) {}

  async list(): Promise<TeamMember[]> {
    return (await new StaffRepository(this.options.db).list()).map(toTeamMember);
  }

  /**
   * A new account of that role, e-mailed a one-time link to choose its password (the reset machinery, 7 days).
   * An address that has an account (client or not): 409 `email_taken` — a client is not made staff by an invitation.
   */
  async invite(body: InviteUserBody, actor: AuditActor): Promise<TeamMember> {
    const prepared = await this.options.accounts.prepare(body.email, body.name, this.options.defaultLanguage);
    if (!prepared.passwordHash) throw emailTaken();
    return this.options.db.transaction(async (tx) => {
      const created = await new UsersRepository(tx).insertIfAbsent({
        email: prepared.email,
        name: body.name,
        role: body.role,
        passwordHash: prepared.passwordHash!,
        language: this.options.defaultLanguage,
        emailVerified: true,
      });
      if (!created) throw emailTaken();
      await this.options.accounts.invite(tx, created, 'staff');
      const member = toTeamMember(created);
      await this.options.audit.record(tx, actor, { action: 'users.invite', target: `user:${created.id}`, before: null, after: member });
      return member;
    });
  }

  /** Role change or (dis)abling; the last active admin stays one (409 `last_admin`). */
  async update(id: string, body: UpdateUserBody, actor: AuditActor): Promise<TeamMember> {
    return this.options.db.transaction(async (tx) => {
      const repository = new StaffRepository(tx);
      const admins = await repository.lockActiveAdmins(tx);
      const member = await repository.lockMember(tx, id);
      if (!member) throw notFound('user_not_found', 'No admin or staff member has this id');
      const role = body.role ?? (member.role === 'admin' ? 'admin' : 'staff');
      const disabled = body.disabled ?? member.disabledAt !== null;
      const stillActiveAdmin = role === 'admin' && !disabled;
      if (admins.includes(id) && !stillActiveAdmin && admins.length <= 1) throw lastAdmin();
      const before = toTeamMember(member);
      const updated = await repository.update(tx, id, { role, disabled, endTokens: disabled && !before.disabled });
      const after = toTeamMember(updated);
      await this.options.audit.record(tx, actor, { action: 'users.update', target: `user:${id}`, before, after });
      return after;
    });
  }
}
