import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (migration 0026, docs/decisions/0039-staff-and-audit.md): every write of an admin or staff member
 * and every sign-in. Append-only: a trigger refuses UPDATE and DELETE but the retention job's.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    ip: text('ip'),
    action: text('action').notNull(),
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_actor_idx').on(t.actorId, t.at)],
);

/** A transaction id (xid8), as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The rows an audited transaction changed, copied by the `audit_capture` trigger (migration 0030, decision 0043) and
 * taken out into one audit_log entry before it commits: empty between transactions.
 */
export const auditChanges = pgTable(
  'audit_changes',
  {
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tableName: text('table_name').notNull(),
    op: text('op').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_changes_txid_idx').on(t.txid)],
);
