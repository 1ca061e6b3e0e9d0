import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@roomweek/contract';
import { bearer, registerUser, useAdminApp } from '../helper.ts';
import { expectRefused } from '../support.ts';
import { anonymiseGuest, deleteAccount, guestExport, guests, userRow } from './privacy-support.ts';

/** Hostile calls on the personal-data routes: wrong roles, someone else's account, bad types, huge values. Nothing changes. */
describe('personal-data routes under hostile input', () => {
  const t = useAdminApp();
  let guest: AuthResponse;
  let other: AuthResponse;
  beforeAll(async () => {
    guest = await registerUser(t.app);
    other = await registerUser(t.app);
  });

  const db = () => t.app.db;
  /** A body sent as JSON whatever it is (a bare string or number too), so the schema, not the content type, refuses it. */
  const asJson = (method: 'DELETE', url: string, token: string, body: unknown) =>
    t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const badPasswords: unknown[] = [
    {},
    { current_password: '' },
    { current_password: 123456 },
    { current_password: ['secret123'] },
    { current_password: { $ne: '' } },
    { current_password: null },
    { current_password: true },
    { current_password: 'x'.repeat(100_000) },
    [],
    'secret123',
    42,
  ];

  it('DELETE /auth/me: bad bodies are 400, guesses 401, strangers 401; the account stays', async () => {
    for (const payload of badPasswords) await expectRefused(db(), () => asJson('DELETE', '/api/auth/me', guest.token, payload), 400, 'validation_error');
    for (const guess of ['secret1234', ' secret123', 'SECRET123', 'admin123', 'secret\u0000123', '\u202esecret123', '🙂'.repeat(50)]) {
      await expectRefused(db(), () => deleteAccount(t.app, guest.token, { current_password: guess }), 401, 'wrong_password');
    }
    const forged = `${guest.token.split('.').slice(0, 2).join('.')}.forged-signature`;
    for (const authorization of [undefined, 'Bearer ', 'Bearer not-a-token', `Bearer ${forged}`, `Basic ${guest.token}`]) {
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: authorization ? { authorization } : {}, payload: { current_password: 'secret123' } }),
        401,
        authorization?.startsWith('Bearer ') && authorization.length > 'Bearer '.length + 1 ? 'invalid_token' : 'unauthorized',
      );
    }
    // Broken JSON, prototype poisoning, the wrong content type: refused before anything runs.
    for (const [payload, type] of [
      ['{"current_password":', 'application/json'],
      ['{"__proto__":{"current_password":"secret123"}}', 'application/json'],
      ['current_password=secret123', 'application/x-www-form-urlencoded'],
    ]) {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: { ...bearer(guest.token), 'content-type': type! }, payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    expect((await userRow(db(), guest.user.id)).deletedAt).toBeNull();
  });

  it("naming someone else in the body deletes only the caller's own account", async () => {
    const victim = await registerUser(t.app);
    const caller = await registerUser(t.app);
    const response = await deleteAccount(t.app, caller.token, { current_password: 'secret123', id: victim.user.id, user_id: victim.user.id, email: victim.user.email });
    expect(response.statusCode).toBe(200);
    expect((await userRow(db(), caller.user.id)).deletedAt).toBeInstanceOf(Date);
    expect(await userRow(db(), victim.user.id)).toMatchObject({ deletedAt: null, email: victim.user.email });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(victim.token) })).statusCode).toBe(200);
  });

  it('admin guest routes: clients and strangers are refused, bad ids and queries are 400, unknown ids 404', async () => {
    const id = other.user.id;
    await expectRefused(db(), () => anonymiseGuest(t.app, guest.token, id, { current_password: 'secret123' }), 403, 'forbidden');
    await expectRefused(db(), () => anonymiseGuest(t.app, '', id, { current_password: 'admin123' }), 401, 'unauthorized');
    await expectRefused(db(), () => guestExport(t.app, guest.token, id), 403, 'forbidden');
    await expectRefused(db(), () => guestExport(t.app, '', id), 401, 'unauthorized');
    // An over-long parameter is refused by the router itself (414), before any handler.
    await expectRefused(db(), () => guestExport(t.app, t.admin, 'a'.repeat(5000)), 414, 'validation_error');
    for (const badId of ['not-a-uuid', '1', `${id}x`, '%00', '..%2F..%2Fetc', "' or 1=1 --"]) {
      await expectRefused(db(), () => anonymiseGuest(t.app, t.admin, badId, { current_password: 'admin123' }), 400, 'validation_error');
      await expectRefused(db(), () => guestExport(t.app, t.admin, badId), 400, 'validation_error');
    }
    for (const payload of badPasswords) await expectRefused(db(), () => asJson('DELETE', `/api/admin/guests/${id}`, t.admin, payload), 400, 'validation_error');
    await expectRefused(db(), () => anonymiseGuest(t.app, t.admin, id, { current_password: 'secret123' }), 401, 'wrong_password');
    await expectRefused(db(), () => anonymiseGuest(t.app, t.admin, '7f1d7a4e-0000-4000-8000-000000000000', { current_password: 'admin123' }), 404, 'guest_not_found');
    expect((await userRow(db(), id)).deletedAt).toBeNull();

    for (const query of ['?limit=0', '?limit=1001', '?limit=-1', '?limit=abc', '?limit=1e309', '?limit=1.5', '?offset=-1', '?offset=x', `?q=${'a'.repeat(101)}`]) {
      await expectRefused(db(), () => guests(t.app, t.admin, query), 400, 'validation_error');
    }
    // Search text is text: LIKE wildcards and quotes match themselves only.
    for (const q of ['%', '_', '\\', "'", '%%%%']) {
      const response = await guests(t.app, t.admin, `?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
    const big = await guests(t.app, t.admin, `?limit=1000&offset=${2 ** 31}`);
    expect(big.statusCode).toBe(200);
    expect(big.json()).toEqual([]);
  });
});
