import { and, desc, eq, gte, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { auditLog } from '../../../db/audit-schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this one (newest first). */
  before?: { at: Date; id: number };
  limit: number;
}

/** Escapes LIKE's wildcards: a filter is a prefix, never a pattern. */
const prefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The audit log's queries (docs/decisions/0039-staff-and-audit.md): append, read, the retention's delete. */
export class AuditRepository {
  constructor(private readonly db: Executor) {}

  async insert(executor: Executor, entry: AuditInsert): Promise<void> {
    await executor.insert(auditLog).values(entry);
  }

  async list(filter: AuditFilter): Promise<AuditRow[]> {
    const where: SQL[] = [];
    if (filter.actor) where.push(eq(auditLog.actorId, filter.actor));
    if (filter.action) where.push(like(auditLog.action, prefix(filter.action)));
    if (filter.target) where.push(like(auditLog.target, prefix(filter.target)));
    if (filter.from) where.push(gte(auditLog.at, filter.from));
    if (filter.to) where.push(lte(auditLog.at, filter.to));
    if (filter.before) {
      const { at, id } = filter.before;
      where.push(or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, id)))!);
    }
    return this.db
      .select()
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(filter.limit);
  }

  /**
   * Deletes the entries older than `cutoff`: the only DELETE the table's trigger lets through, in a transaction that
   * says it is the retention job (`roomweek.audit_retention`, local to it).
   */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('roomweek.audit_retention', 'on', true)`);
      const deleted = await tx.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
      return deleted.length;
    });
  }
}
