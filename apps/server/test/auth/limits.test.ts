import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@roomweek/contract';
import { loadConfig } from '../../src/config.ts';
import { queryRows } from '../../src/db/client.ts';
import { clientAddressKey } from '../../src/lib/client-address.ts';
import { MAX_DELAY_SECONDS } from '../../src/plugins/app/auth/login-throttle.ts';
import { bearer, buildTestApp, registerUser, type TestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
let addressCounter = 0;
/** A client address no other test uses. */
const freshAddress = () => `10.${50 + Math.floor(++addressCounter / 250)}.${addressCounter % 250}.${Math.floor(Math.random() * 250) + 1}`;

const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;

  it('takes a hop count or proxy addresses/CIDRs', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 10.1.0.0/16,fd00::/8,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it.each(['true', 'TRUE', 'yes', '*', '0.0.0.0/0', '::/0', '10.0.0.1,0.0.0.0/0', 'proxy.example.com', '10.0.0.0/33', '11', '-1'])(
    'refuses %s at start, naming the variable',
    (value) => {
      expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
    },
  );

  it('explains why "true" is refused', () => {
    expect(() => trustProxy('true')).toThrow(/X-Forwarded-For/);
  });
});

describe('client address keys', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:aa:bb::1', '2001:db8:aa:bb::/64'],
    ['2001:DB8:AA:BB:FFFF:FFFF:FFFF:FFFE', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:aa:bb:1:2:192.0.2.1', '2001:db8:aa:bb::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});

describe('limits that hold', () => {
  let base: TestApp;
  /** AUTH_RATE_LIMIT=3, behind one proxy hop. */
  let proxied: TestApp;
  /** LOGIN_FAILURE_LIMIT=3 (an address: 12). */
  let throttled: TestApp;
  /** HASH_QUEUE_LIMIT=1: two hashes run, one waits, the next is refused. */
  let queued: TestApp;
  const db = () => base.database.handle.db;

  beforeAll(async () => {
    base = await buildTestApp();
    proxied = await buildTestApp({ database: base.database, env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' } });
    throttled = await buildTestApp({ database: base.database, env: { LOGIN_FAILURE_LIMIT: '3' } });
    queued = await buildTestApp({ database: base.database, env: { HASH_QUEUE_LIMIT: '1' } });
  });
  afterAll(async () => {
    await queued.close();
    await throttled.close();
    await proxied.close();
    await base.close();
  });

  const login = (t: TestApp, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress, headers });
  /** An account signed in on the app behind the proxy (whose address limit is 3 a minute), from an address of its own. */
  const proxiedAccount = async (): Promise<AuthResponse> => {
    const { user } = await registerUser(base.app);
    return (await login(proxied, { email: user.email, password: 'secret123' }, freshAddress())).json<AuthResponse>();
  };

  describe('a spoofed X-Forwarded-For (TRUST_PROXY=1)', () => {
    const PROXY = '10.9.9.9';

    it('does not change the counted address: the proxy’s own entry is the client', async () => {
      const client = '203.0.113.9';
      const bad = (fake: string, realClient = client) =>
        login(proxied, { email: 'admin@example.com', password: 'wrong-password' }, PROXY, { 'x-forwarded-for': `${fake}, ${realClient}` });
      for (let n = 1; n <= 3; n++) expectError(await bad(`198.51.100.${n}`), 401, 'invalid_credentials');
      // A fourth first hop the client made up: still the same client, over its limit.
      const refused = await expectRefused(db(), () => bad('198.51.100.4'), 429, 'rate_limited');
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      expect(retryAfter(refused)).toBeLessThanOrEqual(60);
      const [row] = await queryRows<{ count: number }>(db(), sql`select count from rate_limits where key = ${`auth:${client}`}`);
      expect(row?.count).toBe(4);
      // Another client behind the same proxy has a counter of its own.
      expectError(await bad('198.51.100.4', '203.0.113.10'), 401, 'invalid_credentials');
    });

    it('is ignored altogether without TRUST_PROXY: the socket’s address is counted', async () => {
      const limited = await buildTestApp({ database: base.database, env: { AUTH_RATE_LIMIT: '2' } });
      try {
        const socket = freshAddress();
        const call = (n: number) =>
          limited.app.inject({ method: 'POST', url: '/api/auth/recover-email', payload: { hint: 'nobody-at-all' }, remoteAddress: socket, headers: { 'x-forwarded-for': `192.0.2.${n}` } });
        expect((await call(1)).statusCode).toBe(200);
        expect((await call(2)).statusCode).toBe(200);
        expectError(await call(3), 429, 'rate_limited');
      } finally {
        await limited.close();
      }
    });
  });

  describe('IPv6 clients', () => {
    it('are counted by their /64', async () => {
      const recover = (remoteAddress: string) =>
        proxied.app.inject({ method: 'POST', url: '/api/auth/recover-email', payload: { hint: 'nobody-at-all' }, remoteAddress });
      expect((await recover('2001:db8:aa:bb::1')).statusCode).toBe(200);
      expect((await recover('2001:db8:aa:bb:ffff:ffff:ffff:fffe')).statusCode).toBe(200);
      expect((await recover('2001:db8:aa:bb:1234::3')).statusCode).toBe(200);
      await expectRefused(db(), () => recover('2001:db8:aa:bb:1::9'), 429, 'rate_limited');
      // The next /64 is someone else.
      expect((await recover('2001:db8:aa:bc::1')).statusCode).toBe(200);
    });
  });

  describe('login failures per account', () => {
    it('slow the account down whatever the address, but not from an address its owner signed in from', async () => {
      const account = await registerUser(throttled.app);
      const email = account.user.email;
      const ownerAddress = freshAddress();
      expect((await login(throttled, { email, password: 'secret123' }, ownerAddress)).statusCode).toBe(200);

      for (let n = 0; n < 3; n++) expectError(await login(throttled, { email, password: `guess-${n}` }, freshAddress()), 401, 'invalid_credentials');
      // Even the right password waits now, from an address the account never used: no hash is tried, nothing counted.
      const refused = await expectRefused(db(), () => login(throttled, { email, password: 'secret123' }, freshAddress()), 429, 'rate_limited');
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      expect(retryAfter(refused)).toBeLessThanOrEqual(15);
      // The owner, from their usual address, is not locked out by a stranger.
      expect((await login(throttled, { email, password: 'secret123' }, ownerAddress)).statusCode).toBe(200);
      // An unknown address is just as unknown for an account that does not exist: the same counting, no hint.
      const nobody = uniqueEmail('nobody');
      for (let n = 0; n < 3; n++) expectError(await login(throttled, { email: nobody, password: `guess-${n}` }, freshAddress()), 401, 'invalid_credentials');
      expectError(await login(throttled, { email: nobody, password: 'guess' }, freshAddress()), 429, 'rate_limited');
    });

    it('are counted before the hash: of 30 guesses sent at once on an unblocked account, at most 3 reach the password check', async () => {
      const { user } = await registerUser(throttled.app);
      const hasher = throttled.app.passwordHasher;
      const verify = hasher.verify.bind(hasher);
      let checked = 0;
      hasher.verify = (password, hash) => {
        checked++;
        return verify(password, hash);
      };
      try {
        const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => login(throttled, { email: user.email, password: `parallel-${n}` }, freshAddress())));
        const statuses = answers.map((answer) => answer.statusCode);
        expect(checked).toBeLessThanOrEqual(3);
        expect(statuses.filter((status) => status === 401)).toHaveLength(checked);
        expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked);
        for (const answer of answers.filter((a) => a.statusCode === 429)) expectError(answer, 429, 'rate_limited');
      } finally {
        hasher.verify = verify;
      }
      // A success clears the count: the owner's address, once the wait is over, signs in and starts from zero.
      await queryRows(db(), sql`update rate_limits set blocked_until = null where key = ${`login-failures:account:${user.email}`}`);
      expect((await login(throttled, { email: user.email, password: 'secret123' }, freshAddress())).statusCode).toBe(200);
      const [row] = await queryRows<{ count: number }>(db(), sql`select count from rate_limits where key = ${`login-failures:account:${user.email}`}`);
      expect(row).toBeUndefined();
    });

    it('wait twice as long after each further failure, never more than a few minutes', async () => {
      const { user } = await registerUser(throttled.app);
      const fail = () => login(throttled, { email: user.email, password: 'wrong-guess' }, freshAddress());
      const timePasses = () => queryRows(db(), sql`update rate_limits set blocked_until = now() - interval '1 second' where key = ${`login-failures:account:${user.email}`}`);
      for (let n = 0; n < 3; n++) expectError(await fail(), 401, 'invalid_credentials');
      expect(retryAfter(await fail())).toBeLessThanOrEqual(15);
      await timePasses();
      expectError(await fail(), 401, 'invalid_credentials');
      const second = retryAfter(await fail());
      expect(second).toBeGreaterThan(15);
      expect(second).toBeLessThanOrEqual(30);
      // However many failures, the wait stays under the cap.
      await queryRows(db(), sql`update rate_limits set count = 1000, blocked_until = null where key = ${`login-failures:account:${user.email}`}`);
      expectError(await fail(), 401, 'invalid_credentials');
      const capped = retryAfter(await fail());
      expect(capped).toBeGreaterThan(30);
      expect(capped).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    });
  });

  describe('login failures per address', () => {
    it('slow an address trying many accounts; a successful login from it clears its counter', async () => {
      const address = freshAddress();
      const account = await registerUser(throttled.app);
      const sprayOnce = () => login(throttled, { email: uniqueEmail('spray'), password: 'guess-1' }, address);
      const counted = async () =>
        (await queryRows<{ count: number }>(db(), sql`select count from rate_limits where key = ${`login-failures:address:${address}`}`))[0]?.count ?? 0;

      for (let n = 0; n < 11; n++) expectError(await sprayOnce(), 401, 'invalid_credentials');
      expect(await counted()).toBe(11);
      expect((await login(throttled, { email: account.user.email, password: 'secret123' }, address)).statusCode).toBe(200);
      expect(await counted()).toBe(0);

      // Counted from zero again: the twelfth failure from here on slows the address down.
      for (let n = 0; n < 12; n++) expectError(await sprayOnce(), 401, 'invalid_credentials');
      await expectRefused(db(), () => login(throttled, { email: account.user.email, password: 'secret123' }, address), 429, 'rate_limited');
      // Another address is not affected.
      expect((await login(throttled, { email: account.user.email, password: 'secret123' }, freshAddress())).statusCode).toBe(200);
    });
  });

  describe('the password-hashing queue (HASH_QUEUE_LIMIT)', () => {
    it('answers 503 busy beyond its bound, checks tokens and e-mails before any hash, and serves again once free', async () => {
      const account = await registerUser(queued.app);
      const hasher = queued.app.passwordHasher;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      // Both slots held and the one waiting place taken: the queue is full until the gate opens.
      const held = [hasher.inSlot(() => gate), hasher.inSlot(() => gate), hasher.inSlot(() => Promise.resolve())];

      const address = freshAddress();
      const busy = await expectRefused(db(), () => login(queued, { email: account.user.email, password: 'secret123' }, address), 503, 'busy');
      expect(retryAfter(busy)).toBeGreaterThanOrEqual(1);
      const fresh = {
        name: 'Queue',
        first_name: 'Busy',
        email: uniqueEmail('busy'),
        password: 'secret123',
        birth_date: '1990-01-01',
        birth_place: 'Gent',
        phone: '+32 470 00 00 00',
      };
      await expectRefused(db(), () => queued.app.inject({ method: 'POST', url: '/api/auth/register', payload: fresh }), 503, 'busy');
      await expectRefused(
        db(),
        () => queued.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: bearer(account.token), payload: { current_password: 'secret123', new_password: 'changed-1' } }),
        503,
        'busy',
      );
      // Checked before any hash: a taken e-mail and a bad reset token are answered as such, not "busy".
      await expectRefused(db(), () => queued.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...fresh, email: account.user.email } }), 409, 'email_taken');
      await expectRefused(
        db(),
        () => queued.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: 'not-a-real-token', new_password: 'whatever-1' } }),
        400,
        'invalid_reset_token',
      );
      // A busy answer is not a failed login: nothing was counted against the account or the address.
      const counters = await queryRows(db(), sql`select key from rate_limits where key like ${`login-failures:%${account.user.email}`} or key like ${`login-failures:%${address}`}`);
      expect(counters).toEqual([]);

      open();
      await Promise.all(held);
      const session = await login(queued, { email: account.user.email, password: 'secret123' }, address);
      expect(session.statusCode).toBe(200);
      expect((await queued.app.inject({ url: '/api/auth/me', headers: bearer(session.json<AuthResponse>().token) })).statusCode).toBe(200);
    });
  });

  describe('AUTH_RATE_LIMIT per account and per address asked for', () => {
    it('covers change-password per account, whatever the address, and the e-mail change’s password check with it', async () => {
      const account = await proxiedAccount();
      const other = await proxiedAccount();
      const change = (token: string, current: string) =>
        proxied.app.inject({
          method: 'PUT',
          url: '/api/auth/change-password',
          headers: bearer(token),
          payload: { current_password: current, new_password: 'brand-new-1' },
          remoteAddress: freshAddress(),
        });
      for (let n = 0; n < 3; n++) expectError(await change(account.token, `guess-${n}`), 400, 'wrong_password');
      const refused = await expectRefused(db(), () => change(account.token, 'secret123'), 429, 'rate_limited');
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      expect(retryAfter(refused)).toBeLessThanOrEqual(60);
      await expectRefused(
        db(),
        () => proxied.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(account.token), payload: { name: 'X', email: uniqueEmail(), current_password: 'secret123' } }),
        429,
        'rate_limited',
      );
      // Another account is not affected.
      expect((await change(other.token, 'secret123')).statusCode).toBe(200);
      // Once the minute is over, the owner may change it.
      await queryRows(db(), sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`password-check:${account.user.id}`}`);
      expect((await change(account.token, 'secret123')).statusCode).toBe(200);
    });

    it('covers forgot-password per address asked for, whatever the client', async () => {
      const account = await proxiedAccount();
      const ask = (email: string) =>
        proxied.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshAddress() });
      for (let n = 0; n < 3; n++) expect((await ask(account.user.email.toUpperCase())).statusCode).toBe(200);
      const refused = await expectRefused(db(), () => ask(account.user.email), 429, 'rate_limited');
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      // An address without an account is limited the same way: the answer says nothing about accounts.
      const nobody = uniqueEmail('nobody');
      for (let n = 0; n < 3; n++) expect((await ask(nobody)).statusCode).toBe(200);
      expectError(await ask(nobody), 429, 'rate_limited');
      expect((await ask(uniqueEmail('someone-else'))).statusCode).toBe(200);
    });
  });
});
