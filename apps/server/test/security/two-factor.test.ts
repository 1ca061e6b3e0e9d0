import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, TwoFactorChallenge, TwoFactorSetupResponse, User } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bearer, buildTestApp, registerUser, type TestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

/** Codes as an authenticator app computes them from the secret (the library's own generator, not the server's check). */
const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });
/** A 6-digit code that is none of the three the server accepts now (the step before, now, after). */
const wrongCode = (secret: string) => {
  const valid = new Set([-30, 0, 30].map((offset) => codeAt(secret, offset)));
  let code = 123456;
  while (valid.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
};

describe('two-factor sign-in (issue 31)', () => {
  let t: TestApp;
  const post = (url: string, payload: object | undefined, token?: string, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {}, ...(remoteAddress ? { remoteAddress } : {}) });
  const me = async (token: string) => (await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json<User>();
  const login = (email: string, password = 'secret123') => post('/api/auth/login', { email, password });
  const challengeOf = async (email: string) => {
    const response = await login(email);
    expect(response.statusCode).toBe(200);
    return response.json<TwoFactorChallenge>().challenge;
  };

  /** A new account with 2FA on: its secret, token and recovery codes. */
  async function enrolled() {
    const account = await registerUser(t.app);
    const setup = (await post('/api/auth/2fa/setup', undefined, account.token)).json<TwoFactorSetupResponse>();
    const enrolmentCode = codeAt(setup.secret);
    const enable = await post('/api/auth/2fa/enable', { code: enrolmentCode }, account.token);
    expect(enable.statusCode).toBe(200);
    return { ...account, secret: setup.secret, enrolmentCode, recoveryCodes: enable.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { LOGIN_FAILURE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  it('enrols: a secret with its otpauth URL and an SVG QR code, on only once a code of it is given', async () => {
    const account = await registerUser(t.app);
    expect((await me(account.token)).two_factor_enabled).toBe(false);
    const setup = await post('/api/auth/2fa/setup', undefined, account.token);
    expect(setup.statusCode).toBe(200);
    const body = setup.json<TwoFactorSetupResponse>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toBe(
      `otpauth://totp/Roomweek:${encodeURIComponent(account.user.email)}?issuer=Roomweek&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
    // Still off until confirmed; a wrong code changes nothing.
    expect((await me(account.token)).two_factor_enabled).toBe(false);
    await expectRefused(t.app.db, () => post('/api/auth/2fa/enable', { code: wrongCode(body.secret) }, account.token), 400, 'invalid_two_factor_code');
    expectError(await post('/api/auth/2fa/enable', { code: 'abcdef' }, account.token), 400, 'validation_error');

    const enable = await post('/api/auth/2fa/enable', { code: codeAt(body.secret) }, account.token);
    expect(enable.statusCode).toBe(200);
    const codes = enable.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await me(account.token)).two_factor_enabled).toBe(true);
    expectError(await post('/api/auth/2fa/setup', undefined, account.token), 409, 'two_factor_already_enabled');

    // Neither the secret nor a recovery code is kept in clear.
    const [row] = await queryRows<{ two_factor_secret: string }>(t.app.db, sql`select two_factor_secret from users where id = ${account.user.id}`);
    expect(row!.two_factor_secret.startsWith('v1:')).toBe(true);
    expect(row!.two_factor_secret).not.toContain(body.secret);
    const stored = await queryRows<{ code_hash: string }>(t.app.db, sql`select code_hash from two_factor_recovery_codes where user_id = ${account.user.id}`);
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
  });

  it('enable without a setup first is refused', async () => {
    const account = await registerUser(t.app);
    expectError(await post('/api/auth/2fa/enable', { code: '123456' }, account.token), 409, 'two_factor_setup_missing');
  });

  it('signs in in two steps; a code is accepted once; one step of drift either way', async () => {
    const account = await enrolled();
    const first = await login(account.user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(first.body).not.toContain('token');

    // The code the enrolment used, given again: a replay.
    const challenge = first.json<TwoFactorChallenge>().challenge;
    expectError(await post('/api/auth/login/2fa', { challenge, code: account.enrolmentCode }), 401, 'invalid_two_factor_code');

    // The next step's code (a clock 30 s ahead) is accepted, once.
    const ahead = codeAt(account.secret, 30);
    const second = await post('/api/auth/login/2fa', { challenge, code: ahead });
    expect(second.statusCode).toBe(200);
    const session = second.json<AuthResponse>();
    expect(session.user.id).toBe(account.user.id);
    expect((await me(session.token)).two_factor_enabled).toBe(true);
    // The challenge is used up, and the code cannot be used with a new one either.
    expectError(await post('/api/auth/login/2fa', { challenge, code: codeAt(account.secret, 60) }), 401, 'invalid_challenge');
    expectError(await post('/api/auth/login/2fa', { challenge: await challengeOf(account.user.email), code: ahead }), 401, 'invalid_two_factor_code');
  });

  it('a code two steps away is refused', async () => {
    const account = await enrolled();
    const challenge = await challengeOf(account.user.email);
    expectError(await post('/api/auth/login/2fa', { challenge, code: codeAt(account.secret, -90) }), 401, 'invalid_two_factor_code');
    expectError(await post('/api/auth/login/2fa', { challenge, code: codeAt(account.secret, 90) }), 401, 'invalid_two_factor_code');
  });

  it('wrong codes are counted per account and then slowed down, like logins', async () => {
    const account = await enrolled();
    const challenge = await challengeOf(account.user.email);
    // LOGIN_FAILURE_LIMIT=3: the third failure blocks the next try, whatever address it comes from.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expectError(await post('/api/auth/login/2fa', { challenge, code: wrongCode(account.secret) }, undefined, address), 401, 'invalid_two_factor_code');
    }
    const held = await post('/api/auth/login/2fa', { challenge, code: codeAt(account.secret, 30) }, undefined, '198.51.100.4');
    expectError(held, 429, 'rate_limited');
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The count is the account's: another account with 2FA signs in meanwhile.
    const other = await enrolled();
    const otherChallenge = await challengeOf(other.user.email);
    expect((await post('/api/auth/login/2fa', { challenge: otherChallenge, code: codeAt(other.secret, 30) })).statusCode).toBe(200);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const account = await enrolled();
    const [code] = account.recoveryCodes;
    const used = await post('/api/auth/login/2fa', { challenge: await challengeOf(account.user.email), recovery_code: code!.toUpperCase().replace('-', '') });
    expect(used.statusCode).toBe(200);
    expect(used.json<AuthResponse>().user.id).toBe(account.user.id);
    expectError(await post('/api/auth/login/2fa', { challenge: await challengeOf(account.user.email), recovery_code: code }), 401, 'invalid_two_factor_code');
    // Another account's code is no good here.
    const other = await enrolled();
    expectError(
      await post('/api/auth/login/2fa', { challenge: await challengeOf(account.user.email), recovery_code: other.recoveryCodes[0] }),
      401,
      'invalid_two_factor_code',
    );
    // Both a code and a recovery code, or neither: a bad request.
    const challenge = await challengeOf(account.user.email);
    expectError(await post('/api/auth/login/2fa', { challenge }), 400, 'validation_error');
    expectError(await post('/api/auth/login/2fa', { challenge, code: '123456', recovery_code: account.recoveryCodes[1] }), 400, 'validation_error');
  });

  it('a challenge older than 5 minutes, or unknown, is refused', async () => {
    const account = await enrolled();
    const challenge = await challengeOf(account.user.email);
    await t.app.db.execute(sql`update login_challenges set expires_at = now() - interval '1 second' where user_id = ${account.user.id}`);
    expectError(await post('/api/auth/login/2fa', { challenge, code: codeAt(account.secret, 30) }), 401, 'invalid_challenge');
    expectError(await post('/api/auth/login/2fa', { challenge: 'made-up', code: codeAt(account.secret, 30) }), 401, 'invalid_challenge');
    // A fresh challenge is valid for 5 minutes by the database's clock.
    await challengeOf(account.user.email);
    const [row] = await queryRows<{ seconds: number }>(
      t.app.db,
      sql`select extract(epoch from expires_at - created_at)::int as seconds from login_challenges where user_id = ${account.user.id} and used_at is null and expires_at > now()`,
    );
    expect(row!.seconds).toBe(300);
  });

  it('disables with the password and a current code; sign-in is one step again', async () => {
    const account = await enrolled();
    expectError(await post('/api/auth/2fa/disable', { current_password: 'wrong-one', code: codeAt(account.secret, 30) }, account.token), 400, 'wrong_password');
    expectError(await post('/api/auth/2fa/disable', { current_password: 'secret123', code: wrongCode(account.secret) }, account.token), 400, 'invalid_two_factor_code');
    expect((await me(account.token)).two_factor_enabled).toBe(true);
    const off = await post('/api/auth/2fa/disable', { current_password: 'secret123', code: codeAt(account.secret, 30) }, account.token);
    expect(off.statusCode).toBe(200);
    expect((await me(account.token)).two_factor_enabled).toBe(false);
    const again = await login(account.user.email);
    expect(again.json<AuthResponse>().token).toEqual(expect.any(String));
    const [left] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from two_factor_recovery_codes where user_id = ${account.user.id}`);
    expect(left!.n).toBe(0);
    expectError(await post('/api/auth/2fa/disable', { current_password: 'secret123', code: '123456' }, account.token), 409, 'two_factor_not_enabled');
  });

  it('the routes need a signed-in user', async () => {
    expectError(await post('/api/auth/2fa/setup', undefined), 401, 'unauthorized');
    expectError(await post('/api/auth/2fa/enable', { code: '123456' }), 401, 'unauthorized');
    expectError(await post('/api/auth/2fa/disable', { current_password: 'x', code: '123456' }), 401, 'unauthorized');
  });
});
