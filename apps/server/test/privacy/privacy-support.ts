import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccountExport } from '@roomweek/contract';
import { queryRows, type Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { bearer } from '../helper.ts';

export const exportData = (app: FastifyInstance, token: string) => app.inject({ url: '/api/auth/me/export', headers: bearer(token) });

export async function exportOf(app: FastifyInstance, token: string): Promise<AccountExport> {
  const response = await exportData(app, token);
  if (response.statusCode !== 200) throw new Error(`export failed: ${response.statusCode} ${response.body}`);
  return response.json<AccountExport>();
}

export const deleteAccount = (app: FastifyInstance, token: string, payload: unknown) =>
  app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(token), payload: payload as Record<string, unknown> });

export const guestExport = (app: FastifyInstance, token: string, id: string) =>
  app.inject({ url: `/api/admin/guests/${id}/export`, headers: bearer(token) });

export const anonymiseGuest = (app: FastifyInstance, token: string, id: string, payload: unknown) =>
  app.inject({ method: 'DELETE', url: `/api/admin/guests/${id}`, headers: bearer(token), payload: payload as Record<string, unknown> });

export const guests = (app: FastifyInstance, token: string, query = '') => app.inject({ url: `/api/admin/guests${query}`, headers: bearer(token) });

export const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

export async function userRow(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

export interface OutboxRow {
  kind: string;
  channel: string;
  recipient: string | null;
  status: string;
  payload: Record<string, unknown>;
  erased_at: unknown;
  user_id: string | null;
}

/** The outbox rows about an account (its user_id), oldest first. */
export const messagesAbout = (db: Database, userId: string) =>
  queryRows<OutboxRow>(db, sql`select kind, channel, recipient, status, payload, erased_at, user_id from outbox_messages where user_id = ${userId} order by created_at, id`);

/** Marks every waiting message as sent, as the dispatcher would have (the tests run no jobs). */
export const markAllSent = (db: Database) => db.execute(sql`update outbox_messages set status = 'sent', sent_at = now() where status = 'pending'`);

/** Every string an export holds, joined: to look for someone else's data anywhere in it. */
export const textOf = (value: unknown) => JSON.stringify(value);
