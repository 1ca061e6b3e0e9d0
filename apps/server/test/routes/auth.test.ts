import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateIn, type AuthResponse } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { passwordResets, users } from '../../src/db/schema.ts';
import { bearer, buildTestApp, registerUser, useTestApp, type TestApp } from '../helper.ts';
import { outboxRows } from '../notifications/outbox-support.ts';
import { expectError, expectRefused, snapshot } from '../support.ts';

const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dupont',
  first_name: 'Claire',
  email: uniqueEmail('claire'),
  password: 'secret123',
  birth_date: '1988-02-29',
  birth_place: 'Namur',
  phone: '+32 470 12 34 56',
  ...overrides,
});

describe('auth routes', () => {
  let t: TestApp;
  const db = () => t.database.handle.db;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const put = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: token ? bearer(token) : {} });
  const me = (token?: string) => t.app.inject({ url: '/api/auth/me', headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  describe('POST /api/auth/register', () => {
    it('creates a client account and answers the user with a working token', async () => {
      const body = registration({ email: '  Claire.Dupont@Example.COM ' });
      const response = await post('/api/auth/register', body);
      expect(response.statusCode).toBe(201);
      const session = response.json<AuthResponse>();
      expect(session.user).toMatchObject({
        name: 'Dupont',
        first_name: 'Claire',
        email: 'claire.dupont@example.com',
        role: 'client',
        is_admin: false,
        birth_date: '1988-02-29',
        birth_place: 'Namur',
        phone: '+32 470 12 34 56',
      });
      expect(session.user).not.toHaveProperty('password_hash');
      expect(session.user).not.toHaveProperty('passwordHash');
      expect((await me(session.token)).json()).toMatchObject({ id: session.user.id, email: 'claire.dupont@example.com' });

      const [row] = await db().select().from(users).where(eq(users.id, session.user.id));
      expect(row!.passwordHash).not.toContain('secret123');
      expect(row!.passwordHash).toMatch(/^scrypt\$/);
    });

    it('always makes a client, whatever role the payload asks for', async () => {
      for (const role of ['admin', 'ADMIN', 'client', 'superuser']) {
        const response = await post('/api/auth/register', registration({ role }));
        expect(response.statusCode).toBe(201);
        const session = response.json<AuthResponse>();
        expect(session.user.role).toBe('client');
        expect(session.user.is_admin).toBe(false);
        const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, session.user.id));
        expect(row!.role).toBe('client');
        const admin = await t.app.inject({ url: '/api/bookings/all', headers: bearer(session.token) });
        expectError(admin, 403, 'forbidden');
      }
      // Extra unknown fields (is_admin…) are ignored too.
      const sneaky = await post('/api/auth/register', { ...registration(), is_admin: true, token_version: 99 });
      expect(sneaky.statusCode).toBe(201);
      expect(sneaky.json<AuthResponse>().user).toMatchObject({ role: 'client', is_admin: false });
    });

    it('refuses an address already registered, in any letter case (409 email_taken)', async () => {
      const first = registration();
      expect((await post('/api/auth/register', first)).statusCode).toBe(201);
      await expectRefused(db(), () => post('/api/auth/register', registration({ email: first.email.toUpperCase() })), 409, 'email_taken');
      await expectRefused(db(), () => post('/api/auth/register', registration({ email: 'ADMIN@example.com' })), 409, 'email_taken');
    });

    const badRegistrations: Array<[string, Record<string, unknown>]> = [
      ['missing name', { name: undefined }],
      ['blank name', { name: '   ' }],
      ['missing first_name', { first_name: undefined }],
      ['missing email', { email: undefined }],
      ['malformed email', { email: 'not-an-email' }],
      ['missing password', { password: undefined }],
      ['password of 5 characters', { password: '12345' }],
      ['password as a number', { password: 12345678 }],
      ['missing birth_date', { birth_date: undefined }],
      ['impossible birth_date', { birth_date: '1990-02-30' }],
      ['birth_date in another format', { birth_date: '04/05/1990' }],
      ['birth_date in the future', { birth_date: addDays(calendarDateIn('Pacific/Kiritimati'), 1) }],
      ['birth_date before 1900', { birth_date: '1899-12-31' }],
      ['missing birth_place', { birth_place: undefined }],
      ['missing phone', { phone: undefined }],
      ['phone with letters', { phone: 'call me maybe' }],
      ['name far too long', { name: 'x'.repeat(101) }],
      ['role that is not a string', { role: { admin: true } }],
    ];
    it.each(badRegistrations)('refuses %s (400 validation_error) and creates nobody', async (_label, change) => {
      const body = { ...registration(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete (body as Record<string, unknown>)[key];
      const response = await expectRefused(db(), () => post('/api/auth/register', body), 400, 'validation_error');
      expect(response.json().field).toBeTruthy();
    });

    it('refuses a body that is not an object, and malformed JSON (400)', async () => {
      await expectRefused(db(), () => post('/api/auth/register', [registration()]), 400, 'validation_error');
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"name": "x",' }),
        400,
        'validation_error',
      );
    });
  });

  describe('POST /api/auth/login', () => {
    let account: ReturnType<typeof registration>;
    beforeAll(async () => {
      account = registration();
      expect((await post('/api/auth/register', account)).statusCode).toBe(201);
    });

    it('answers the user and a token that works on /me', async () => {
      const response = await post('/api/auth/login', { email: account.email.toUpperCase(), password: account.password });
      expect(response.statusCode).toBe(200);
      const session = response.json<AuthResponse>();
      expect(session.user.email).toBe(account.email);
      expect(session.token.split('.')).toHaveLength(3);
      expect((await me(session.token)).statusCode).toBe(200);
    });

    it('logs the admin in with the admin role', async () => {
      const response = await post('/api/auth/login', { email: 'admin@example.com', password: 'admin123' });
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthResponse>().user).toMatchObject({ role: 'admin', is_admin: true });
    });

    it('refuses a wrong password and an unknown address alike (401 invalid_credentials)', async () => {
      const wrong = await expectRefused(db(), () => post('/api/auth/login', { email: account.email, password: 'wrong-password' }), 401, 'invalid_credentials');
      const unknown = await expectRefused(db(), () => post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever1' }), 401, 'invalid_credentials');
      expect(unknown.json()).toEqual(wrong.json());
    });

    it.each([
      ['no body', undefined],
      ['missing password', { email: 'a@example.com' }],
      ['empty password', { email: 'a@example.com', password: '' }],
      ['missing email', { password: 'secret123' }],
      ['malformed email', { email: 'nope', password: 'secret123' }],
    ])('refuses %s (400 validation_error)', async (_label, body) => {
      await expectRefused(db(), () => post('/api/auth/login', body), 400, 'validation_error');
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers the signed-in user', async () => {
      const session = await registerUser(t.app);
      const response = await me(session.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(session.user);
    });

    it('refuses anonymous (401 unauthorized) and a garbage token (401 invalid_token)', async () => {
      expectError(await me(), 401, 'unauthorized');
      expectError(await me('garbage'), 401, 'invalid_token');
      expectError(await t.app.inject({ url: '/api/auth/me', headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'unauthorized');
    });
  });

  describe('PUT /api/auth/profile', () => {
    it('changes name and e-mail and answers the user with a new working token', async () => {
      const session = await registerUser(t.app);
      const newEmail = uniqueEmail('Renamed').toUpperCase();
      const response = await put('/api/auth/profile', { name: 'Renamed', email: newEmail, current_password: 'secret123' }, session.token);
      expect(response.statusCode).toBe(200);
      const updated = response.json<AuthResponse>();
      expect(updated.user).toMatchObject({ id: session.user.id, name: 'Renamed', email: newEmail.toLowerCase(), role: 'client' });
      expect(updated.token).toEqual(expect.any(String));
      expect((await me(updated.token)).json()).toMatchObject({ name: 'Renamed', email: newEmail.toLowerCase() });
      // The new address is the login now.
      expect((await post('/api/auth/login', { email: newEmail, password: 'secret123' })).statusCode).toBe(200);
      await expectRefused(db(), () => post('/api/auth/login', { email: session.user.email, password: 'secret123' }), 401, 'invalid_credentials');
    });

    it('refuses an address that belongs to someone else (409 email_taken)', async () => {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      await expectRefused(db(), () => put('/api/auth/profile', { name: 'B', email: a.user.email, current_password: 'secret123' }, b.token), 409, 'email_taken');
    });

    it('refuses bad input (400) and anonymous callers (401) without changing anything', async () => {
      const session = await registerUser(t.app);
      await expectRefused(db(), () => put('/api/auth/profile', { name: 'X', email: 'not-an-email' }, session.token), 400, 'validation_error');
      await expectRefused(db(), () => put('/api/auth/profile', { name: '', email: uniqueEmail() }, session.token), 400, 'validation_error');
      await expectRefused(db(), () => put('/api/auth/profile', { email: uniqueEmail() }, session.token), 400, 'validation_error');
      await expectRefused(db(), () => put('/api/auth/profile', { name: 'X', email: uniqueEmail() }), 401, 'unauthorized');
      await expectRefused(db(), () => put('/api/auth/profile', { name: 'X', email: uniqueEmail() }, 'garbage'), 401, 'invalid_token');
    });

    it('cannot be used to become an admin', async () => {
      const session = await registerUser(t.app);
      const response = await put('/api/auth/profile', { name: 'X', email: uniqueEmail(), current_password: 'secret123', role: 'admin', is_admin: true }, session.token);
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthResponse>().user).toMatchObject({ role: 'client', is_admin: false });
    });
  });

  describe('PUT /api/auth/change-password', () => {
    it("says whether the admin's password is still the default one, until it changes", async () => {
      const login = (password: string) => post('/api/auth/login', { email: 'admin@example.com', password });
      const admin = (await login('admin123')).json<AuthResponse>();
      expect(admin.user.default_password).toBe(true);
      expect((await me(admin.token)).json<AuthResponse['user']>().default_password).toBe(true);
      expect((await registerUser(t.app)).user.default_password).toBe(false);

      const changed = await put('/api/auth/change-password', { current_password: 'admin123', new_password: 'owner-secret-789' }, admin.token);
      expect(changed.json<AuthResponse>().user.default_password).toBe(false);
      expect((await login('owner-secret-789')).json<AuthResponse>().user.default_password).toBe(false);

      // Set back to the default (as the other tests sign in with it): the flag follows the password, not the history.
      const back = await put('/api/auth/change-password', { current_password: 'owner-secret-789', new_password: 'admin123' }, changed.json<AuthResponse>().token);
      expect(back.json<AuthResponse>().user.default_password).toBe(true);
    });

    it('changes the password, answers a new token and ends every older token', async () => {
      const session = await registerUser(t.app);
      const second = (await post('/api/auth/login', { email: session.user.email, password: 'secret123' })).json<AuthResponse>();
      const response = await put('/api/auth/change-password', { current_password: 'secret123', new_password: 'new-secret-456' }, session.token);
      expect(response.statusCode).toBe(200);
      const fresh = response.json<AuthResponse>();
      expect(fresh.user.id).toBe(session.user.id);

      expect((await me(fresh.token)).statusCode).toBe(200);
      expectError(await me(session.token), 401, 'invalid_token');
      expectError(await me(second.token), 401, 'invalid_token');
      await expectRefused(db(), () => post('/api/auth/login', { email: session.user.email, password: 'secret123' }), 401, 'invalid_credentials');
      expect((await post('/api/auth/login', { email: session.user.email, password: 'new-secret-456' })).statusCode).toBe(200);
    });

    it('refuses a wrong current password (400 wrong_password), a short new one (400) and anonymous callers (401)', async () => {
      const session = await registerUser(t.app);
      await expectRefused(db(), () => put('/api/auth/change-password', { current_password: 'nope-nope', new_password: 'new-secret-456' }, session.token), 400, 'wrong_password');
      await expectRefused(db(), () => put('/api/auth/change-password', { current_password: 'secret123', new_password: '123' }, session.token), 400, 'validation_error');
      await expectRefused(db(), () => put('/api/auth/change-password', { new_password: 'new-secret-456' }, session.token), 400, 'validation_error');
      await expectRefused(db(), () => put('/api/auth/change-password', { current_password: 'secret123', new_password: 'new-secret-456' }), 401, 'unauthorized');
      // The old token still works: nothing changed.
      expect((await me(session.token)).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/forgot-password and /reset-password', () => {
    it('stores the token hashed, lets it be used once, and ends older sessions', async () => {
      const session = await registerUser(t.app);
      const forgot = await post('/api/auth/forgot-password', { email: session.user.email.toUpperCase() });
      expect(forgot.statusCode).toBe(200);
      const { reset_token: token, detail } = forgot.json<{ reset_token?: string; detail: string }>();
      expect(detail).toEqual(expect.any(String));
      expect(token).toEqual(expect.any(String));

      const rows = await db().select().from(passwordResets).where(eq(passwordResets.userId, session.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toBe(token);
      expect(rows[0]!.tokenHash).not.toContain(token!);
      expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
      // Valid for one hour.
      const validForMs = rows[0]!.expiresAt.getTime() - Date.now();
      expect(validForMs).toBeGreaterThan(59 * 60_000);
      expect(validForMs).toBeLessThanOrEqual(60 * 60_000);

      const reset = await post('/api/auth/reset-password', { token, new_password: 'after-reset-1' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ detail: expect.any(String) });
      expectError(await me(session.token), 401, 'invalid_token');
      expect((await post('/api/auth/login', { email: session.user.email, password: 'after-reset-1' })).statusCode).toBe(200);
      await expectRefused(db(), () => post('/api/auth/login', { email: session.user.email, password: 'secret123' }), 401, 'invalid_credentials');

      // Single use.
      await expectRefused(db(), () => post('/api/auth/reset-password', { token, new_password: 'second-try-2' }), 400, 'invalid_reset_token');
      expect((await post('/api/auth/login', { email: session.user.email, password: 'after-reset-1' })).statusCode).toBe(200);
    });

    it('refuses a token past its hour (400 invalid_reset_token)', async () => {
      const session = await registerUser(t.app);
      const token = (await post('/api/auth/forgot-password', { email: session.user.email })).json<{ reset_token: string }>().reset_token;
      await db()
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.userId, session.user.id));
      await expectRefused(db(), () => post('/api/auth/reset-password', { token, new_password: 'too-late-123' }), 400, 'invalid_reset_token');
      expect((await me(session.token)).statusCode).toBe(200);
    });

    it('refuses an unknown token, a short password and a missing token (400)', async () => {
      const session = await registerUser(t.app);
      const token = (await post('/api/auth/forgot-password', { email: session.user.email })).json<{ reset_token: string }>().reset_token;
      await expectRefused(db(), () => post('/api/auth/reset-password', { token: 'not-a-real-token', new_password: 'whatever-1' }), 400, 'invalid_reset_token');
      await expectRefused(db(), () => post('/api/auth/reset-password', { token, new_password: '123' }), 400, 'validation_error');
      await expectRefused(db(), () => post('/api/auth/reset-password', { new_password: 'whatever-1' }), 400, 'validation_error');
      await expectRefused(db(), () => post('/api/auth/reset-password', { token: '', new_password: 'whatever-1' }), 400, 'validation_error');
      // The refused attempts did not use the token up.
      expect((await post('/api/auth/reset-password', { token, new_password: 'finally-ok-1' })).statusCode).toBe(200);
    });

    it('answers an unknown address exactly like a known one, and stores nothing', async () => {
      const before = await snapshot(db());
      const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ detail: expect.any(String) });
      expect(await snapshot(db())).toEqual(before);
      const session = await registerUser(t.app);
      const known = await post('/api/auth/forgot-password', { email: session.user.email });
      expect(known.json<{ detail: string }>().detail).toBe(unknown.json<{ detail: string }>().detail);
    });

    it('sends at most 3 reset e-mails an hour to one address: the 4th answers as for an unknown address and sends nothing', async () => {
      const session = await registerUser(t.app);
      const mails = async () => (await outboxRows(db())).filter((row) => row.userId === session.user.id && row.recipient === session.user.email).length;
      const links = async () => (await db().select().from(passwordResets).where(eq(passwordResets.userId, session.user.id))).length;
      for (let n = 0; n < 3; n++) expect((await post('/api/auth/forgot-password', { email: session.user.email })).statusCode).toBe(200);
      expect(await mails()).toBe(3);
      expect(await links()).toBe(3);
      const fourth = await post('/api/auth/forgot-password', { email: session.user.email });
      const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
      expect(fourth.statusCode).toBe(200);
      expect(fourth.json()).toEqual(unknown.json());
      expect(await mails()).toBe(3);
      expect(await links()).toBe(3);
      // Another address is not held back.
      const other = await registerUser(t.app);
      expect((await post('/api/auth/forgot-password', { email: other.user.email })).json()).toMatchObject({ reset_token: expect.any(String) });
    });

    it('refuses a malformed address (400)', async () => {
      await expectRefused(db(), () => post('/api/auth/forgot-password', { email: 'nope' }), 400, 'validation_error');
      await expectRefused(db(), () => post('/api/auth/forgot-password', {}), 400, 'validation_error');
    });
  });

  describe('forgot-password in production', () => {
    const prod = useTestApp({ env: { NODE_ENV: 'production', ADMIN_PASSWORD: 'admin123' } });

    it('never carries the reset token, and answers known and unknown addresses identically', async () => {
      const session = await registerUser(prod.app);
      const known = await prod.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: session.user.email } });
      const unknown = await prod.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: uniqueEmail('ghost') } });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).not.toHaveProperty('reset_token');
      expect(known.body).toBe(unknown.body);
      // The reset itself was still recorded for the known address (sent by e-mail).
      const rows = await prod.database.handle.db.select().from(passwordResets).where(eq(passwordResets.userId, session.user.id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('POST /api/auth/recover-email', () => {
    beforeAll(async () => {
      await post('/api/auth/register', registration({ name: 'Vandenberghe', first_name: 'Josephine', email: 'josephine.vdb@example.org' }));
    });

    it('finds accounts by name or part of the address and answers only masked hints', async () => {
      for (const hint of ['vandenberghe', 'Josephine Vandenberghe', 'josephine.vdb', 'JOSEPH']) {
        const response = await post('/api/auth/recover-email', { hint });
        expect(response.statusCode).toBe(200);
        const { results } = response.json<{ results: Array<{ name: string; email_hint: string }> }>();
        expect(results).toContainEqual({ name: 'Josephine Vandenberghe', email_hint: expect.any(String) });
        const hintOf = results.find((r) => r.name === 'Josephine Vandenberghe')!.email_hint;
        expect(hintOf).not.toContain('josephine.vdb');
        expect(hintOf).not.toContain('example.org');
        expect(hintOf).toMatch(/^jo.*@e.*\.org$/);
        expect(response.body).not.toContain('josephine.vdb@example.org');
      }
    });

    it('answers an empty list when nothing matches, and treats LIKE wildcards literally', async () => {
      expect((await post('/api/auth/recover-email', { hint: 'zzzqqqxxx' })).json()).toEqual({ results: [] });
      expect((await post('/api/auth/recover-email', { hint: '%%%' })).json()).toEqual({ results: [] });
      expect((await post('/api/auth/recover-email', { hint: '___' })).json()).toEqual({ results: [] });
    });

    it('refuses a hint shorter than 3 characters (400 validation_error)', async () => {
      await expectRefused(db(), () => post('/api/auth/recover-email', { hint: 'jo' }), 400, 'validation_error');
      await expectRefused(db(), () => post('/api/auth/recover-email', { hint: '  jo  ' }), 400, 'validation_error');
      await expectRefused(db(), () => post('/api/auth/recover-email', {}), 400, 'validation_error');
    });
  });

  describe('rate limiting (AUTH_RATE_LIMIT per minute per address)', () => {
    let limited: TestApp;
    const LIMIT = 3;
    beforeAll(async () => {
      // A second instance on the same database, with a low limit: the counters live in the database.
      limited = await buildTestApp({ database: t.database, env: { AUTH_RATE_LIMIT: String(LIMIT) } });
    });
    afterAll(() => limited.close());

    const calls: Array<[string, (n: number) => unknown]> = [
      ['/api/auth/login', () => ({ email: 'admin@example.com', password: 'wrong-password' })],
      ['/api/auth/register', (n) => registration({ email: `limited-${n}-${randomUUID().slice(0, 6)}@example.com` })],
      // A new address each time: forgot-password is also limited per address asked for (test/auth/limits.test.ts).
      ['/api/auth/forgot-password', (n) => ({ email: `forgot-${n}-${randomUUID().slice(0, 6)}@example.com` })],
      ['/api/auth/reset-password', () => ({ token: 'not-a-real-token', new_password: 'whatever-1' })],
      ['/api/auth/recover-email', () => ({ hint: 'admin' })],
    ];

    it.each(calls)('%s answers 429 rate_limited past the limit, per client address', async (url, body) => {
      const address = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const call = (n: number, remoteAddress = address) =>
        limited.app.inject({ method: 'POST', url, payload: body(n) as object, remoteAddress });
      for (let n = 0; n < LIMIT; n++) expect((await call(n)).statusCode).not.toBe(429);
      const refused = await expectRefused(limited.database.handle.db, () => call(LIMIT), 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another address is not affected.
      expect((await call(LIMIT + 1, '10.2.0.1' + Math.floor(Math.random() * 9))).statusCode).not.toBe(429);
    });

    it('shares one counter per address across the auth calls, and lets the window pass', async () => {
      const remoteAddress = '10.3.3.3';
      const login = () => limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password: 'admin123' }, remoteAddress });
      const recover = () => limited.app.inject({ method: 'POST', url: '/api/auth/recover-email', payload: { hint: 'admin' }, remoteAddress });
      expect((await login()).statusCode).toBe(200);
      expect((await recover()).statusCode).toBe(200);
      expect((await login()).statusCode).toBe(200);
      expectError(await recover(), 429, 'rate_limited');
      expectError(await login(), 429, 'rate_limited');
      // Once the minute is over, the address may try again.
      await queryRows(limited.database.handle.db, sql`update rate_limits set reset_at = now() - interval '1 second' where key like ${'%' + remoteAddress}`);
      expect((await login()).statusCode).toBe(200);
    });

    it('does not limit the signed-in calls', async () => {
      const registered = await limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(), remoteAddress: '10.4.4.4' });
      const session = registered.json<AuthResponse>();
      for (let n = 0; n < LIMIT + 2; n++) {
        expect((await limited.app.inject({ url: '/api/auth/me', headers: bearer(session.token), remoteAddress: '10.4.4.4' })).statusCode).toBe(200);
      }
    });
  });
});
