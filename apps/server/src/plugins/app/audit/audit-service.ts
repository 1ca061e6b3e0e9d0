import type { AuditEntry, AuditPage, AuditQuery } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { badRequest } from '../../../lib/errors.ts';
import { AuditRepository, type AuditRow } from './audit-repository.ts';
import { currentRequest } from './current-request.ts';

/** Who did it, from where: the signed-in person (or, for a failed sign-in, the address tried) and the client address. */
export interface AuditActor {
  id: string | null;
  email: string | null;
  role: string | null;
  ip: string | null;
}

export interface AuditChange {
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

/** Keys whose values never reach the log in clear: passwords, keys, secrets, tokens, codes. */
const SECRET_KEY = /(password|secret|token|api_?key|private_key|^code$|recovery_code|challenge|signature)/i;
export const MASK = '***';
/** A row of a change set (`settings:stripe_api_key`, `rooms:<id>`): a name, not a field, whatever words it holds. */
const ROW_KEY = /^[a-z_]+:/;

/** NUL, which a JSON column cannot hold: a body may carry it where its route never reads it. */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');

/**
 * A copy of `value` with every secret-looking field's value replaced by `***` (at any depth), long texts cut and NUL
 * characters replaced, so that the entry can always be written.
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (depth > 8) return MASK;
  if (Array.isArray(value)) return value.slice(0, 200).map((item) => maskSecrets(item, depth + 1));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        storable(key),
        SECRET_KEY.test(key) && !ROW_KEY.test(key) && item !== null && item !== '' ? MASK : maskSecrets(item, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string') return storable(value.length > 2000 ? `${value.slice(0, 2000)}…` : value);
  return value;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_role: row.actorRole,
    ip: row.ip,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

const encodeCursor = (row: AuditRow) => Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  const number = Number(id);
  if (Number.isNaN(date.getTime()) || !Number.isSafeInteger(number) || number < 1) {
    throw badRequest('validation_error', 'cursor: not a cursor this list answered', 'cursor');
  }
  return { at: date, id: number };
}

export interface AuditServiceOptions {
  db: Database;
  /** AUDIT_RETENTION_DAYS. */
  retentionDays: number;
}

/** The audit log (docs/decisions/0039-staff-and-audit.md): record, read, retention. */
export class AuditService {
  private readonly repository: AuditRepository;

  constructor(private readonly options: AuditServiceOptions) {
    this.repository = new AuditRepository(options.db);
  }

  /**
   * One entry, written with `executor`: the change's own transaction where the caller has one. The request being
   * handled is marked recorded (`auditRecorded`): nothing records it again.
   */
  async record(executor: Executor, actor: AuditActor, change: AuditChange): Promise<void> {
    await this.repository.insert(executor, {
      actorId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
      ip: actor.ip,
      action: change.action,
      target: change.target,
      before: maskSecrets(change.before),
      after: maskSecrets(change.after),
    });
    const request = currentRequest.getStore();
    if (request) request.auditRecorded = true;
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const rows = await this.repository.list({
      actor: query.actor,
      action: query.action,
      target: query.target,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return { entries: page.map(toEntry), next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null };
  }

  /** The retention job: deletes entries older than AUDIT_RETENTION_DAYS before `now` (the app's clock). */
  async prune(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.options.retentionDays * 24 * 60 * 60 * 1000);
    return this.repository.deleteOlderThan(cutoff);
  }
}
