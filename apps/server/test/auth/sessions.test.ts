import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { passwordResets, revokedTokens } from '../../src/db/schema.ts';
import { renderEmailChanged } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, buildTestApp, registerUser, type TestApp } from '../helper.ts';
import { outboxRows, registerGuest } from '../notifications/outbox-support.ts';
import { expectError, expectRefused } from '../support.ts';

const JWT_SECRET = 'sessions-test-secret-of-at-least-32-bytes-long';
const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

describe('sessions that end', () => {
  let t: TestApp;
  /** A second instance on the same database: a logout must hold there too. */
  let other: TestApp;
  const db = () => t.database.handle.db;
  const me = (token?: string, app = t) => app.app.inject({ url: '/api/auth/me', headers: token ? bearer(token) : {} });
  const logout = (token?: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const put = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: token ? bearer(token) : {} });
  const forgot = async (email: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).json<{ reset_token: string }>().reset_token;
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: newPassword } });
  /** A second session of the same account, as another browser would open it. */
  const secondSession = async (email: string, password = 'secret123') => (await login(email, password)).json<AuthResponse>().token;

  beforeAll(async () => {
    t = await buildTestApp({ env: { JWT_SECRET } });
    other = await buildTestApp({ database: t.database, env: { JWT_SECRET } });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  describe('POST /api/auth/logout', () => {
    it('ends the presented token on every instance (401 from then on); the other sessions go on', async () => {
      const session = await registerUser(t.app);
      const elsewhere = await secondSession(session.user.email);
      expect((await me(session.token, other)).statusCode).toBe(200);

      const response = await logout(session.token);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expectError(await me(session.token), 401, 'invalid_token');
      expectError(await me(session.token, other), 401, 'invalid_token');
      expectError(await put('/api/auth/profile', { name: 'After logout', email: session.user.email }, session.token), 401, 'invalid_token');
      // A second logout with the same token is refused like any other dead token, and writes nothing.
      await expectRefused(db(), () => logout(session.token), 401, 'invalid_token');
      expect((await me(elsewhere)).statusCode).toBe(200);
    });

    it('refuses anonymous callers, garbage tokens and another scheme (401), writing nothing', async () => {
      await expectRefused(db(), () => logout(), 401, 'unauthorized');
      await expectRefused(db(), () => logout('garbage'), 401, 'invalid_token');
      await expectRefused(db(), () => logout('a.b.c'), 401, 'invalid_token');
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
        401,
        'unauthorized',
      );
    });

    it('ignores a stray body, and revokes only the caller’s own token', async () => {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      expect((await logout(a.token, { token: b.token, user_id: b.user.id, jti: randomUUID() })).statusCode).toBe(204);
      expect((await me(b.token)).statusCode).toBe(200);
      const rows = await db().select().from(revokedTokens).where(eq(revokedTokens.userId, b.user.id));
      expect(rows).toEqual([]);
    });
  });

  describe('a token without an expiry', () => {
    const sign = (claims: Record<string, unknown>, { expires = true, secret = JWT_SECRET } = {}) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('roomweek').setIssuedAt();
      if (expires) jwt.setExpirationTime('1h');
      return jwt.sign(new TextEncoder().encode(secret));
    };

    it('is refused even when signed with the right key (401 invalid_token)', async () => {
      const session = await registerUser(t.app);
      const claims = { sub: session.user.id, tv: 0, jti: randomUUID() };
      // The same claims with an expiry work: the key and the claims are right, only `exp` is missing below.
      expect((await me(await sign(claims))).statusCode).toBe(200);
      expectError(await me(await sign(claims, { expires: false })), 401, 'invalid_token');
      // Without a token id (tokens before logout existed) or with another key: refused too.
      expectError(await me(await sign({ sub: session.user.id, tv: 0 })), 401, 'invalid_token');
      expectError(await me(await sign(claims, { secret: `${JWT_SECRET}-other` })), 401, 'invalid_token');
      expectError(await me(await sign({ ...claims, jti: 'not-a-uuid' })), 401, 'invalid_token');
    });
  });

  describe('a password reset', () => {
    it('ends every session and every other reset link of the user', async () => {
      const session = await registerUser(t.app);
      const elsewhere = await secondSession(session.user.email);
      const first = await forgot(session.user.email);
      const second = await forgot(session.user.email);
      const bystander = await registerUser(t.app);
      const bystanderLink = await forgot(bystander.user.email);

      expect((await reset(second, 'after-reset-1')).statusCode).toBe(200);
      expectError(await me(session.token), 401, 'invalid_token');
      expectError(await me(elsewhere), 401, 'invalid_token');
      await expectRefused(db(), () => reset(first, 'with-old-link-2'), 400, 'invalid_reset_token');
      expect((await login(session.user.email, 'after-reset-1')).statusCode).toBe(200);

      // Someone else's link and session are untouched.
      expect((await me(bystander.token)).statusCode).toBe(200);
      expect((await reset(bystanderLink, 'bystander-new-1')).statusCode).toBe(200);
    });
  });

  describe('a password change', () => {
    it('ends every other session and every reset link; the caller keeps a fresh token', async () => {
      const session = await registerUser(t.app);
      const elsewhere = await secondSession(session.user.email);
      const link = await forgot(session.user.email);

      const changed = await put('/api/auth/change-password', { current_password: 'secret123', new_password: 'changed-pass-1' }, session.token);
      expect(changed.statusCode).toBe(200);
      const fresh = changed.json<AuthResponse>().token;
      expect((await me(fresh)).statusCode).toBe(200);
      expect((await me(fresh, other)).statusCode).toBe(200);
      expectError(await me(session.token), 401, 'invalid_token');
      expectError(await me(elsewhere), 401, 'invalid_token');
      await expectRefused(db(), () => reset(link, 'with-old-link-3'), 400, 'invalid_reset_token');
      const [row] = await db().select().from(passwordResets).where(eq(passwordResets.userId, session.user.id));
      expect(row!.usedAt).toBeInstanceOf(Date);
    });

    it('forgets the revocations it makes useless (a logged-out token is dead through the token version too)', async () => {
      const session = await registerUser(t.app);
      const loggedOut = await secondSession(session.user.email);
      expect((await logout(loggedOut)).statusCode).toBe(204);
      expect(await db().select().from(revokedTokens).where(eq(revokedTokens.userId, session.user.id))).toHaveLength(1);
      const changed = await put('/api/auth/change-password', { current_password: 'secret123', new_password: 'changed-pass-2' }, session.token);
      expect(changed.statusCode).toBe(200);
      expect(await db().select().from(revokedTokens).where(eq(revokedTokens.userId, session.user.id))).toEqual([]);
      expectError(await me(loggedOut), 401, 'invalid_token');
    });
  });

  describe('changing the e-mail (PUT /api/auth/profile)', () => {
    it('is refused without the current password or with a wrong one, changing nothing', async () => {
      const session = await registerUser(t.app);
      const profile = (extra: Record<string, unknown>) => put('/api/auth/profile', { name: 'Moved', email: uniqueEmail('moved'), ...extra }, session.token);
      const missing = await expectRefused(db(), () => profile({}), 400, 'validation_error');
      expect(missing.json()).toMatchObject({ field: 'current_password' });
      const wrong = await expectRefused(db(), () => profile({ current_password: 'not-my-password' }), 400, 'wrong_password');
      expect(wrong.json()).toMatchObject({ field: 'current_password' });
      await expectRefused(db(), () => profile({ current_password: '' }), 400, 'validation_error');
      await expectRefused(db(), () => profile({ current_password: 12345678 }), 400, 'validation_error');
      await expectRefused(db(), () => profile({ current_password: 'x'.repeat(201) }), 400, 'validation_error');
      await expectRefused(db(), () => profile({ current_password: { $ne: '' } }), 400, 'validation_error');
      // Someone else's address is refused before any password check.
      const taken = await registerUser(t.app);
      await expectRefused(db(), () => put('/api/auth/profile', { name: 'X', email: taken.user.email, current_password: 'wrong-one-9' }, session.token), 409, 'email_taken');
      expect((await me(session.token)).json()).toMatchObject({ email: session.user.email });
    });

    it('works with the right password and tells the old address, in the account’s language', async () => {
      const guest = await registerGuest(t.app, 'pt');
      const oldEmail = guest.user.email;
      const link = await forgot(oldEmail);
      const newEmail = uniqueEmail('novo');
      const response = await put('/api/auth/profile', { name: 'Nova', email: newEmail, current_password: 'secret123' }, guest.token);
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthResponse>().user).toMatchObject({ email: newEmail, name: 'Nova' });

      const notices = (await outboxRows(db())).filter((row) => row.kind === 'email_changed' && row.recipient === oldEmail);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ channel: 'email', language: 'pt', status: 'pending', secret: null });
      // The notice shows the new address masked, never in full.
      expect(JSON.stringify(notices[0]!.payload)).not.toContain(newEmail);
      const email = renderEmailChanged('pt', notices[0]!.payload as never);
      expect(email.subject).toBe('O e-mail da sua conta RoomWeek foi alterado');
      expect(email.text).toContain(`substituído por ${newEmail.slice(0, 2)}•••@e•••.com`);
      expect(email.text).toContain('http://localhost:3000/contact');

      // The reset link was sent to the old address: it no longer works.
      await expectRefused(db(), () => reset(link, 'via-old-address-1'), 400, 'invalid_reset_token');
      expect((await login(newEmail, 'secret123')).statusCode).toBe(200);
    });

    it('needs no password for a change of name only, and tells nobody', async () => {
      const session = await registerUser(t.app);
      const before = (await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, session.user.email))).length;
      const response = await put('/api/auth/profile', { name: 'Only the name', email: session.user.email.toUpperCase() }, session.token);
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthResponse>().user.name).toBe('Only the name');
      expect(await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, session.user.email))).toHaveLength(before);
    });
  });
});
