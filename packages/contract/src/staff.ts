import { z } from 'zod';
import { Email } from './auth.ts';
import { Id, IdParams, adminErrors, writeErrors, ErrorResponse } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/** Staff accounts and the audit log (issue 31, docs/decisions/0039-staff-and-audit.md). */
export const StaffRoleInput = z.enum(['admin', 'staff']);

export const TeamMember = z.object({
  id: Id,
  email: z.string(),
  name: z.string(),
  role: StaffRoleInput,
  /** Disabled: cannot sign in, every token ended. */
  disabled: z.boolean(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const InviteUserBody = z.strictObject({
  email: Email,
  name: z.string().trim().min(1).max(100),
  role: StaffRoleInput,
});
export type InviteUserBody = z.infer<typeof InviteUserBody>;

export const UpdateUserBody = z
  .strictObject({ role: StaffRoleInput.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, { message: 'Give role or disabled' });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

const Timestamp = z.iso.datetime({ offset: true });

export const AuditQuery = z.strictObject({
  /** The actor's id. */
  actor: Id.optional(),
  /** An action, or the start of one (`rooms.` → every rooms action). */
  action: z.string().trim().min(1).max(60).regex(/^[a-z_.]+$/).optional(),
  /** A target, e.g. `room:<id>`, or the start of one. */
  target: z.string().trim().min(1).max(120).optional(),
  from: Timestamp.optional(),
  to: Timestamp.optional(),
  /** The opaque cursor `next_cursor` answered. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: Id.nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** Before → after of what changed; secrets as `***`. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const staffRoutes = Object.freeze({
  list: defineRoute(paths.users.list, {
    auth: 'admin',
    summary: 'The admins and staff, disabled ones included',
    response: { 200: z.array(TeamMember), ...adminErrors },
  }),
  invite: defineRoute(paths.users.invite, {
    auth: 'admin',
    summary:
      'Invites an admin or staff member: a new account e-mailed a one-time link to choose a password (7 days). ' +
      '409 email_taken when the address has an account',
    body: InviteUserBody,
    response: { 201: TeamMember, ...writeErrors, 429: ErrorResponse },
  }),
  update: defineRoute(paths.users.update, {
    auth: 'admin',
    summary:
      "Changes an admin's or staff member's role, or disables (every token ended) or enables them. 404 user_not_found; " +
      '409 last_admin for the last active admin',
    params: IdParams,
    body: UpdateUserBody,
    response: { 200: TeamMember, ...writeErrors },
  }),
});

export const auditRoutes = Object.freeze({
  list: defineRoute(paths.audit.list, {
    auth: 'admin',
    summary: 'The audit log, newest first: every write of an admin or staff member and every sign-in; filters and a cursor',
    querystring: AuditQuery,
    response: { 200: AuditPage, ...adminErrors },
  }),
});
