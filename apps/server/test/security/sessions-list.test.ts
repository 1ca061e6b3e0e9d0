import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, SessionInfo } from '@roomweek/contract';
import { browserOf } from '../../src/plugins/app/auth/sessions.ts';
import { bearer, buildTestApp, registerUser, type TestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

describe('signed-in devices (issue 31)', () => {
  let t: TestApp;
  const call = (method: 'GET' | 'DELETE', url: string, token?: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });
  const login = async (email: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } })).json<AuthResponse>().token;
  const list = async (token: string) => {
    const response = await call('GET', '/api/auth/sessions', token);
    expect(response.statusCode).toBe(200);
    return response.json<SessionInfo[]>();
  };
  const status = async (token: string) => (await call('GET', '/api/auth/me', token)).statusCode;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('names the browser from its User-Agent', () => {
    expect(browserOf(FIREFOX)).toBe('Firefox 128 · Linux');
    expect(browserOf(EDGE)).toBe('Edge 120 · Windows');
    expect(browserOf(SAFARI_IPHONE)).toBe('Safari 17 · iPhone');
    expect(browserOf(null)).toBeNull();
  });

  it('lists each signed-in device with its address and browser, this one marked current', async () => {
    const account = await registerUser(t.app);
    const laptop = await login(account.user.email);
    expect((await call('GET', '/api/auth/me', laptop, { 'user-agent': FIREFOX }, '198.51.100.20')).statusCode).toBe(200);
    const phone = await login(account.user.email);
    expect((await call('GET', '/api/auth/me', phone, { 'user-agent': SAFARI_IPHONE }, '198.51.100.21')).statusCode).toBe(200);

    const seen = await list(phone);
    // The registration's token, the laptop and the phone.
    expect(seen).toHaveLength(3);
    const byBrowser = Object.fromEntries(seen.map((session) => [session.browser ?? 'none', session]));
    expect(byBrowser['Firefox 128 · Linux']).toMatchObject({ ip: '198.51.100.20', current: false });
    expect(byBrowser['Safari 17 · iPhone']).toMatchObject({ ip: '198.51.100.21', current: true });
    // The registration's token, never used since: listed, its address and browser unknown yet.
    expect(byBrowser.none).toMatchObject({ ip: null, browser: null, current: false });
    expect(seen.filter((session) => session.current)).toHaveLength(1);
    for (const session of seen) {
      expect(Date.parse(session.created_at)).toBeLessThanOrEqual(Date.parse(session.last_seen_at));
    }
    // Another account sees only its own.
    const stranger = await registerUser(t.app);
    expect((await list(stranger.token)).map((session) => session.id)).toEqual([expect.any(String)]);
  });

  it('ends one device: its token answers 401 from then on; another account cannot end it', async () => {
    const account = await registerUser(t.app);
    const other = await login(account.user.email);
    expect(await status(other)).toBe(200);
    const target = (await list(other)).find((session) => session.current)!;

    const stranger = await registerUser(t.app);
    await expectRefused(t.app.db, () => call('DELETE', `/api/auth/sessions/${target.id}`, stranger.token), 404, 'session_not_found');
    expect(await status(other)).toBe(200);
    expectError(await call('DELETE', '/api/auth/sessions/not-a-uuid', account.token), 400, 'validation_error');
    expectError(await call('DELETE', `/api/auth/sessions/${target.id}`), 401, 'unauthorized');

    expect((await call('DELETE', `/api/auth/sessions/${target.id}`, account.token)).statusCode).toBe(204);
    expect(await status(other)).toBe(401);
    expect(await status(account.token)).toBe(200);
    expect((await list(account.token)).map((session) => session.id)).not.toContain(target.id);
    expectError(await call('DELETE', `/api/auth/sessions/${target.id}`, account.token), 404, 'session_not_found');
  });

  it('signs out everywhere else: every other token ends, this device gets a fresh one', async () => {
    const account = await registerUser(t.app);
    const others = [await login(account.user.email), await login(account.user.email)];
    for (const token of others) expect(await status(token)).toBe(200);
    const response = await call('DELETE', '/api/auth/sessions', account.token);
    expect(response.statusCode).toBe(200);
    const fresh = response.json<AuthResponse>().token;
    for (const token of [...others, account.token]) expect(await status(token)).toBe(401);
    expect(await status(fresh)).toBe(200);
    const left = await list(fresh);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    expectError(await call('DELETE', '/api/auth/sessions'), 401, 'unauthorized');
  });
});
