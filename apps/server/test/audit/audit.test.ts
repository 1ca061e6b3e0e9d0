import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditPage, Room, TeamMember } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bearer, createProperty, createRoom, loginAdmin, registerUser, siteDate, useTestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';
import { signInStaff } from '../staff/staff-support.ts';
import { MASK, maskSecrets } from '../../src/plugins/app/audit/audit-service.ts';

// The audit log (issue 31 item 3, docs/decisions/0039).
describe('the audit log', () => {
  const t = useTestApp({ env: { AUDIT_RETENTION_DAYS: '730' } });
  const entries = (where = sql`true`) =>
    queryRows<{ id: string; actor_id: string | null; actor_email: string | null; action: string; target: string | null; before: unknown; after: unknown; ip: string }>(
      t.app.db,
      sql`select * from audit_log where ${where} order by id`,
    );
  const lastId = async () => Number((await queryRows<{ id: string | null }>(t.app.db, sql`select max(id) as id from audit_log`))[0]!.id ?? 0);
  const audit = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: bearer(token) });

  it('writes one entry per admin write in its transaction, with the actor, the action, the target and what changed; none for a refused one', async () => {
    const admin = await loginAdmin(t.app);
    const property = await createProperty(t.app, admin);
    const room = await createRoom(t.app, admin, property.id);
    const since = await lastId();
    const update = await t.app.inject({ method: 'PUT', url: `/api/rooms/${room.id}`, headers: bearer(admin), payload: { ...room, price_per_week: 420 } });
    expect(update.statusCode).toBe(200);
    const written = await entries(sql`id > ${since}`);
    expect(written).toHaveLength(1);
    // The row as it was and as it is: only the fields that changed.
    expect(written[0]).toMatchObject({
      action: 'rooms.update',
      target: `rooms:${room.id}`,
      actor_email: 'admin@example.com',
      before: { [`rooms:${room.id}`]: { price_per_week_cents: 35000 } },
      after: { [`rooms:${room.id}`]: { price_per_week_cents: 42000 } },
    });
    expect(update.json<Room>().price_per_week).toBe(420);
    // A refused write leaves no entry.
    await expectRefused(t.app.db, () => t.app.inject({ method: 'PUT', url: `/api/rooms/${room.id}`, headers: bearer(admin), payload: { price_per_week: -1 } }), 400, 'validation_error');
  });

  it('records what each write changed, in its transaction: a creation, a deletion, a setting; a change whose entry fails is undone', async () => {
    const admin = await loginAdmin(t.app);
    let since = await lastId();
    const property = await createProperty(t.app, admin, { name: 'Casa Audit' });
    const [created] = await entries(sql`id > ${since}`);
    expect(created).toMatchObject({ action: 'properties.create', before: { [`properties:${property.id}`]: null } });
    expect((created!.after as Record<string, { name: string }>)[`properties:${property.id}`]!.name).toBe('Casa Audit');

    const room = await createRoom(t.app, admin, property.id);
    const block = await t.app.inject({ method: 'POST', url: `/api/admin/rooms/${room.id}/blocks`, headers: bearer(admin), payload: { start_date: siteDate(60), end_date: siteDate(67) } });
    expect(block.statusCode, block.body).toBe(201);
    const blockId = block.json<{ id: string }>().id;
    since = await lastId();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/rooms/${room.id}/blocks/${blockId}`, headers: bearer(admin) })).statusCode).toBe(204);
    const [removed] = await entries(sql`id > ${since}`);
    expect(removed).toMatchObject({ action: 'calendar.removeBlock', after: { [`room_blocks:${blockId}`]: null } });
    expect((removed!.before as Record<string, { start_date: string }>)[`room_blocks:${blockId}`]!.start_date).toBe(siteDate(60));

    since = await lastId();
    await t.app.inject({ method: 'PUT', url: '/api/admin/whatsapp-settings', headers: bearer(admin), payload: { whatsapp_number: '+32 470 00 00 01' } });
    await t.app.inject({ method: 'PUT', url: '/api/admin/whatsapp-settings', headers: bearer(admin), payload: { whatsapp_number: '+32 470 00 00 02' } });
    const [, second] = await entries(sql`id > ${since}`);
    expect(second).toMatchObject({
      action: 'admin.updateWhatsappSettings',
      before: { 'settings:whatsapp_number': { value: '+32 470 00 00 01' } },
      after: { 'settings:whatsapp_number': { value: '+32 470 00 00 02' } },
    });

    // The entry cannot be written: the change it records is not made either.
    await t.app.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'no audit'; end $$`);
    await t.app.db.execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
    try {
      const refused = await t.app.inject({ method: 'PUT', url: `/api/rooms/${room.id}`, headers: bearer(admin), payload: { ...room, price_per_week: 999 } });
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await t.app.db.execute(sql`drop function refuse_audit()`);
    }
    expect((await t.app.inject({ url: `/api/rooms/${room.id}` })).json<Room>().price_per_week).toBe(room.price_per_week);
    expect(await queryRows(t.app.db, sql`select 1 from audit_changes`)).toEqual([]);
  });

  it('never keeps a secret in clear', async () => {
    const admin = await loginAdmin(t.app);
    const since = await lastId();
    const secret = 'sk_test_audit_SECRET_1234567890';
    const saved = await t.app.inject({ method: 'PUT', url: '/api/payment-settings', headers: bearer(admin), payload: { stripe_api_key: secret, paypal_secret: 'pp-SECRET-value' } });
    expect(saved.statusCode).toBe(200);
    const written = await entries(sql`id > ${since}`);
    expect(written.map((row) => row.action)).toEqual(['admin.updatePaymentSettings']);
    // The rows changed, each sealed value masked.
    expect(written[0]!.after).toMatchObject({
      'settings:stripe_api_key': { key: 'stripe_api_key', value: '***', encrypted: true },
      'settings:paypal_secret': { key: 'paypal_secret', value: '***', encrypted: true },
    });
    const all = await queryRows<{ text: string }>(t.app.db, sql`select string_agg(audit_log::text, ' ') as text from audit_log`);
    expect(all[0]!.text).not.toContain('SECRET');
  });

  it('records a write whatever its body holds: a body sent to a route that takes none is left out, a NUL replaced', async () => {
    const admin = await loginAdmin(t.app);
    const since = await lastId();
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: '{"extra":"a\\u0000b"}' });
    expect(setup.statusCode).toBe(200);
    const written = await entries(sql`id > ${since}`);
    expect(written.map((row) => [row.action, row.after])).toEqual([['security.twoFactorSetup', null]]);
    expect(maskSecrets({ 'k\u0000': ['a\u0000b'], password: 'x\u0000' })).toEqual({ 'k\uFFFD': ['a\uFFFDb'], password: MASK });
  });

  it('records sign-ins: success, failure, with the address tried', async () => {
    const since = await lastId();
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password: 'wrong-password' } });
    await loginAdmin(t.app);
    const written = await entries(sql`id > ${since}`);
    expect(written.map((row) => [row.action, row.actor_email])).toEqual([
      ['auth.sign_in.failed', 'admin@example.com'],
      ['auth.sign_in.succeeded', 'admin@example.com'],
    ]);
    expect(JSON.stringify(written)).not.toContain('wrong-password');
  });

  it('records a staff change in its own transaction with before and after, and a staff member\'s write', async () => {
    const admin = await loginAdmin(t.app);
    const staff = await signInStaff(t.app);
    const since = await lastId();
    const changed = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${staff.user.id}`, headers: bearer(admin), payload: { disabled: true } });
    expect(changed.json<TeamMember>().disabled).toBe(true);
    const written = await entries(sql`id > ${since}`);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'users.update', target: `user:${staff.user.id}`, before: expect.objectContaining({ disabled: false }), after: expect.objectContaining({ disabled: true }) });
  });

  it('answers admins with filters and a cursor; refuses staff, clients and bad filters', async () => {
    const admin = await loginAdmin(t.app);
    const first = await audit(admin, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<AuditPage>();
    expect(page.entries).toHaveLength(2);
    expect(page.next_cursor).not.toBeNull();
    const next = (await audit(admin, `?limit=2&cursor=${page.next_cursor}`)).json<AuditPage>();
    expect(Number(next.entries[0]!.id)).toBeLessThan(Number(page.entries[1]!.id));
    const signIns = (await audit(admin, '?action=auth.sign_in&limit=200')).json<AuditPage>();
    expect(signIns.entries.length).toBeGreaterThan(0);
    expect(signIns.entries.every((entry) => entry.action.startsWith('auth.sign_in'))).toBe(true);
    const future = (await audit(admin, `?from=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`)).json<AuditPage>();
    expect(future.entries).toEqual([]);
    // A wildcard in a filter is a character, not a pattern.
    expect((await audit(admin, '?action=%25')).statusCode).toBe(400);
    expect((await audit(admin, '?target=%25')).json<AuditPage>().entries).toEqual([]);
    expectError(await audit(admin, '?cursor=bm90LWEtY3Vyc29y'), 400, 'validation_error');
    expectError(await audit(admin, '?limit=100000'), 400, 'validation_error');
    expectError(await audit(admin, '?actor=12'), 400, 'validation_error');
    expectError(await audit(admin, '?from=yesterday'), 400, 'validation_error');
    expectError(await audit((await signInStaff(t.app)).token), 403, 'forbidden');
    expectError(await audit((await registerUser(t.app)).token), 403, 'forbidden');
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/audit' }), 401, 'unauthorized');
  });

  /** The database's own refusal (drizzle wraps it as the cause of "Failed query"). */
  const refusal = async (statement: ReturnType<typeof sql>) => {
    const error = await t.app.db.execute(statement).then(
      () => undefined,
      (failure: Error & { cause?: Error }) => failure.cause ?? failure,
    );
    return error?.message;
  };

  it('is append-only: UPDATE and DELETE from SQL are refused', async () => {
    expect(await refusal(sql`update audit_log set action = 'rewritten'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
    // Even with the retention's setting, an UPDATE stays refused.
    const underRetention = await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('roomweek.audit_retention', 'on', true)`);
        await tx.execute(sql`update audit_log set action = 'rewritten'`);
      })
      .then(
        () => undefined,
        (failure: Error & { cause?: Error }) => (failure.cause ?? failure).message,
      );
    expect(underRetention).toMatch(/append-only/);
    expect((await entries(sql`action = 'rewritten'`)).length).toBe(0);
  });

  it('lets the retention job delete entries older than AUDIT_RETENTION_DAYS: the day before, the day and the day after', async () => {
    const now = new Date('2030-06-15T12:00:00Z');
    const day = 86_400_000;
    const cutoff = now.getTime() - 730 * day;
    const at = (ms: number) => new Date(ms).toISOString();
    await t.app.db.execute(sql`insert into audit_log (at, action, target) values
      (${at(cutoff - day)}, 'test.retention', 'older'),
      (${at(cutoff)}, 'test.retention', 'cutoff'),
      (${at(cutoff + day)}, 'test.retention', 'younger')`);
    const deleted = await t.app.audit.prune(now);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await entries(sql`action = 'test.retention'`)).map((row) => row.target)).toEqual(['cutoff', 'younger']);
    // A moment later, the cutoff's entry goes too; the rest of the log (written today) stays.
    const before = (await entries()).length;
    await t.app.audit.prune(new Date(now.getTime() + 1));
    expect((await entries(sql`action = 'test.retention'`)).map((row) => row.target)).toEqual(['younger']);
    expect((await entries()).length).toBe(before - 1);
    // The job's permission does not outlive its transaction.
    expect(await refusal(sql`delete from audit_log where target = 'younger'`)).toMatch(/append-only/);
  });
});
