import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, TwoFactorChallenge, TwoFactorSetupResponse, User } from '@roomweek/contract';
import { bearer, buildTestApp, loginAdmin, registerUser, type TestApp } from '../helper.ts';
import { expectError } from '../support.ts';

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

describe('require_two_factor_for_staff (issue 31)', () => {
  let t: TestApp;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is off by default; an admin must have 2FA to turn it on; clients may not touch it', async () => {
    const admin = await loginAdmin(t.app);
    expect((await call('GET', '/api/admin/security-settings', admin)).json()).toEqual({ require_two_factor_for_staff: false });
    expectError(await call('PUT', '/api/admin/security-settings', admin, { require_two_factor_for_staff: true }), 409, 'two_factor_not_enabled');
    const client = await registerUser(t.app);
    expectError(await call('PUT', '/api/admin/security-settings', client.token, { require_two_factor_for_staff: false }), 403, 'forbidden');
    expectError(await call('GET', '/api/admin/security-settings'), 401, 'unauthorized');
    expectError(await call('PUT', '/api/admin/security-settings', admin, { require_two_factor_for_staff: 'yes' }), 400, 'validation_error');
  });

  it('holds an admin without 2FA to enrolment, then lets them through once enrolled; clients are not held', async () => {
    // A second admin, without 2FA (made as the first start makes one: there is no call that grants the role yet).
    const second = await registerUser(t.app, { password: 'second-admin-pass' });
    await t.app.db.execute(sql`update users set role = 'admin' where id = ${second.user.id}`);
    // The first admin enrols and turns the setting on.
    const owner = await loginAdmin(t.app);
    const setup = (await call('POST', '/api/auth/2fa/setup', owner)).json<TwoFactorSetupResponse>();
    expect((await call('POST', '/api/auth/2fa/enable', owner, { code: codeAt(setup.secret) })).statusCode).toBe(200);
    const saved = await call('PUT', '/api/admin/security-settings', owner, { require_two_factor_for_staff: true });
    expect(saved.json()).toEqual({ require_two_factor_for_staff: true });
    expect((await call('GET', '/api/admin/bookings', owner)).statusCode).toBe(200);

    // The second admin signs in: a token, but only enrolment works.
    const login = await call('POST', '/api/auth/login', undefined, { email: second.user.email, password: 'second-admin-pass' });
    const session = login.json<AuthResponse>();
    expect(session.user.two_factor_enrolment_required).toBe(true);
    expect((await call('GET', '/api/auth/me', session.token)).json<User>().two_factor_enrolment_required).toBe(true);
    for (const [method, url] of [['GET', '/api/admin/bookings'], ['GET', '/api/bookings'], ['GET', '/api/admin/security-settings']] as const) {
      expectError(await call(method, url, session.token), 403, 'two_factor_enrolment_required');
    }
    const secondSetup = (await call('POST', '/api/auth/2fa/setup', session.token)).json<TwoFactorSetupResponse>();
    expect((await call('POST', '/api/auth/2fa/enable', session.token, { code: codeAt(secondSetup.secret) })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', session.token)).json<User>().two_factor_enrolment_required).toBe(false);
    expect((await call('GET', '/api/admin/bookings', session.token)).statusCode).toBe(200);
    // Their next sign-in asks for a code.
    const next = await call('POST', '/api/auth/login', undefined, { email: second.user.email, password: 'second-admin-pass' });
    expect(next.json<TwoFactorChallenge>().two_factor_required).toBe(true);

    // A client is never held.
    const client = await registerUser(t.app);
    expect((await call('GET', '/api/bookings', client.token)).statusCode).toBe(200);
    expect(client.user.two_factor_enrolment_required).toBe(false);
  });
});
