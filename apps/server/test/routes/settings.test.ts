import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSettings } from '@roomweek/contract';
import { settings } from '../../src/db/schema.ts';
import { bearer, buildTestApp, loginAdmin, registerUser, type TestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

const STRIPE_KEY = 'sk_test_51AbCdEfGhIjKlMnOpQrStUvWxYz0123456789plainSTRIPE';
const PAYPAL_SECRET = 'EJ-paypal-secret-VALUE-that-must-never-leak-9876';
const PAYPAL_CLIENT_ID = 'AZ-public-paypal-client-id';

describe('payment settings routes', () => {
  let t: TestApp;
  let admin: string;
  let client: string;
  const db = () => t.database.handle.db;
  const get = (token: string | null = admin) => t.app.inject({ url: '/api/payment-settings', headers: token ? bearer(token) : {} });
  const put = (payload: unknown, token: string | null = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/payment-settings', headers: token ? bearer(token) : {}, payload: payload as object });
  const rawSettings = async () => db().select().from(settings);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    client = (await registerUser(t.app)).token;
  });
  afterAll(() => t.close());

  it('answers an empty configuration at first', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      stripe_api_key_masked: '',
      has_stripe: false,
      has_stripe_webhook: false,
      paypal_client_id: '',
      paypal_secret_masked: '',
      has_paypal: false,
      paypal_mode: 'sandbox',
      unreadable: [],
    });
  });

  it('stores the secrets encrypted at rest and only ever answers them masked', async () => {
    const response = await put({ stripe_api_key: STRIPE_KEY, paypal_client_id: PAYPAL_CLIENT_ID, paypal_secret: PAYPAL_SECRET, paypal_mode: 'sandbox' });
    expect(response.statusCode).toBe(200);
    const answered = response.json<PaymentSettings>();
    expect(answered).toMatchObject({
      has_stripe: true,
      has_paypal: true,
      paypal_client_id: PAYPAL_CLIENT_ID,
      paypal_mode: 'sandbox',
      stripe_api_key_masked: '••••••••RIPE',
      paypal_secret_masked: '••••••••9876',
    });
    for (const body of [response.body, (await get()).body]) {
      expect(body).not.toContain(STRIPE_KEY);
      expect(body).not.toContain(PAYPAL_SECRET);
      expect(body).not.toContain(STRIPE_KEY.slice(0, 20));
      expect(body).not.toContain(PAYPAL_SECRET.slice(0, 20));
    }

    // Read the table as an attacker with a database dump would.
    const rows = await rawSettings();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(STRIPE_KEY);
    expect(dump).not.toContain(PAYPAL_SECRET);
    expect(dump).not.toContain('plainSTRIPE');
    expect(dump).not.toContain('never-leak');
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.stripe_api_key).toMatchObject({ encrypted: true });
    expect(byKey.paypal_secret).toMatchObject({ encrypted: true });
    expect(byKey.stripe_api_key!.value).toMatch(/^v1:/);
  });

  it('changes only the fields sent; an empty value keeps the current one', async () => {
    await put({ stripe_api_key: STRIPE_KEY, paypal_client_id: PAYPAL_CLIENT_ID, paypal_secret: PAYPAL_SECRET });
    const before = (await get()).json<PaymentSettings>();

    const modeOnly = await put({ paypal_mode: 'live' });
    expect(modeOnly.statusCode).toBe(200);
    expect(modeOnly.json()).toEqual({ ...before, paypal_mode: 'live' });

    const blanks = await put({ stripe_api_key: '', paypal_secret: '   ', paypal_client_id: '', paypal_mode: 'live' });
    expect(blanks.statusCode).toBe(200);
    expect(blanks.json()).toEqual({ ...before, paypal_mode: 'live' });

    const newKey = 'sk_test_another_key_ABCD';
    const stripeOnly = await put({ stripe_api_key: newKey });
    expect(stripeOnly.json()).toEqual({ ...before, paypal_mode: 'live', stripe_api_key_masked: expect.stringMatching(/ABCD$/) });
    expect(stripeOnly.json<PaymentSettings>().stripe_api_key_masked).not.toBe(before.stripe_api_key_masked);

    const empty = await put({});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(stripeOnly.json());
  });

  it('publishes no secret in the public config', async () => {
    await put({ stripe_api_key: STRIPE_KEY, paypal_client_id: PAYPAL_CLIENT_ID, paypal_secret: PAYPAL_SECRET, paypal_mode: 'sandbox' });
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ paypal_client_id: PAYPAL_CLIENT_ID, paypal_mode: 'sandbox', stripe_enabled: true, paypal_enabled: true });
    expect(config.body).not.toContain(STRIPE_KEY);
    expect(config.body).not.toContain(PAYPAL_SECRET);
    expect(config.body).not.toMatch(/secret|sk_test|v1:/i);
  });

  it.each([
    ['an unknown paypal_mode', { paypal_mode: 'production' }],
    ['paypal_mode in upper case', { paypal_mode: 'LIVE' }],
    ['a key that is not text', { stripe_api_key: 12345 }],
    ['a key far too long', { stripe_api_key: `sk_${'x'.repeat(400)}` }],
    ['a list instead of an object', [{ paypal_mode: 'live' }]],
  ])('refuses %s (400 validation_error) and changes nothing', async (_label, payload) => {
    await expectRefused(db(), () => put(payload), 400, 'validation_error');
  });

  it('refuses anonymous callers (401) and clients (403), reading or writing', async () => {
    expectError(await get(null), 401, 'unauthorized');
    expectError(await get(client), 403, 'forbidden');
    expectError(await get('garbage'), 401, 'invalid_token');
    await expectRefused(db(), () => put({ stripe_api_key: 'sk_live_stolen', paypal_mode: 'live' }, null), 401, 'unauthorized');
    await expectRefused(db(), () => put({ stripe_api_key: 'sk_live_stolen', paypal_mode: 'live' }, client), 403, 'forbidden');
  });
});
