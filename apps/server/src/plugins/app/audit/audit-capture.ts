import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { queryRows, type Database, type Executor } from '../../../db/client.ts';
import { redactUrl } from '../../../lib/logger.ts';
import { MASK } from './audit-service.ts';
import { currentRequest } from './current-request.ts';

interface CapturedRow {
  seq: string;
  table_name: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** What one audited transaction changed, row by row (`rooms:<id>`, `settings:<key>`): only the fields that changed. */
export interface ChangeSet {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Rows kept per entry: an archive or an anonymisation can touch many; the rest are counted. */
const MAX_ROWS = 100;

/** A row as the log may keep it: a sealed setting or a calendar feed's address (its token) never in clear. */
function safeRow(table: string, row: Record<string, unknown>): Record<string, unknown> {
  if (table === 'settings' && row.encrypted === true) return { ...row, value: MASK };
  if (table === 'room_calendars' && typeof row.url === 'string') return { ...row, url: redactUrl(row.url) };
  return row;
}

/** The fields whose value differs between two versions of a row (each side's own values). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    was[field] = before[field] ?? null;
    is[field] = after[field] ?? null;
  }
  return [was, is];
}

/** Folds a transaction's captured rows into one before → after per row; null when nothing changed. */
export function changeSetOf(rows: CapturedRow[]): ChangeSet | null {
  const first = new Map<string, Record<string, unknown> | null>();
  const last = new Map<string, Record<string, unknown> | null>();
  for (const row of [...rows].sort((a, b) => Number(a.seq) - Number(b.seq))) {
    const version = row.after ?? row.before ?? {};
    const key = `${row.table_name}:${String(version.id ?? version.key ?? version.booking_id ?? row.seq)}`;
    if (!first.has(key)) first.set(key, row.before && safeRow(row.table_name, row.before));
    last.set(key, row.after && safeRow(row.table_name, row.after));
  }
  const change: ChangeSet = { before: {}, after: {} };
  let kept = 0;
  for (const [key, before] of first) {
    const after = last.get(key) ?? null;
    if (before && after) {
      const [was, is] = changedFields(before, after);
      if (Object.keys(is).length === 0) continue;
      [change.before[key], change.after[key]] = [was, is];
    } else {
      change.before[key] = before;
      change.after[key] = after;
    }
    if (++kept === MAX_ROWS) {
      const more = first.size - kept;
      if (more > 0) change.after['…'] = `${more} more rows`;
      break;
    }
  }
  return kept === 0 ? null : change;
}

/**
 * Makes every transaction opened while an audited request is handled capture what it changes (the `audit_capture`
 * trigger of migration 0030) and, just before it commits, hand that to `record` (which writes the entry in it).
 * Transactions that change no audited row record nothing; other requests' transactions are left as they are.
 */
export function captureTransactions(
  db: Database,
  audited: (request: FastifyRequest) => boolean,
  record: (tx: Executor, request: FastifyRequest, change: ChangeSet) => Promise<void>,
): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    transaction(async (tx) => {
      const request = currentRequest.getStore();
      if (!request || !audited(request)) return run(tx);
      await tx.execute(sql`select set_config('roomweek.audit', 'on', true)`);
      const result = await run(tx);
      const rows = await queryRows<CapturedRow>(
        tx,
        sql`delete from audit_changes where txid = pg_current_xact_id() returning seq, table_name, op, before, after`,
      );
      const change = changeSetOf(rows);
      // A service that wrote its own entry in this transaction (AuditService.record marks the request) is not recorded twice.
      if (change && audited(request)) await record(tx, request, change);
      return result;
    }, config)) as Database['transaction'];
}
