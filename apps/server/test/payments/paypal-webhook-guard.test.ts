import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedCertUrl } from '../../src/plugins/app/payments/paypal-webhook.ts';
import { expectError, expectRefused } from '../support.ts';
import { paymentsWorld, type PaymentsWorld } from './payments-support.ts';

const EVENT = { id: 'WH-GUARD-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAPTURE-X' } };

/**
 * Issue 24: the PayPal webhook asks PayPal nothing for a delivery whose certificate URL is not PayPal's or whose
 * transmission is not recent, and counts deliveries per address (PAYPAL_WEBHOOK_RATE_LIMIT=5 here).
 */
describe('the PayPal webhook before any call to PayPal', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await paymentsWorld({ PAYPAL_WEBHOOK_RATE_LIMIT: '5' });
  });
  afterAll(() => w?.close());

  let addressNumber = 0;
  const freshAddress = () => `198.51.100.${++addressNumber}`;
  const deliver = (headers: Record<string, string>, payload: string, remoteAddress = freshAddress()) =>
    w.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers, payload, remoteAddress });

  it('refuses a certificate URL off PayPal or over http, and a transmission time not within 5 minutes: 400, PayPal never asked', async () => {
    const before = w.paypal.requests.length;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const cases: Record<string, string>[] = [
      { 'paypal-cert-url': 'https://evil.example/cert.pem' },
      { 'paypal-cert-url': 'http://api.paypal.com/v1/notifications/certs/CERT-1' },
      { 'paypal-cert-url': 'https://api.paypal.com.evil.example/cert' },
      { 'paypal-cert-url': 'https://evilpaypal.com/cert' },
      { 'paypal-cert-url': 'https://user@api.paypal.com/cert' },
      { 'paypal-cert-url': 'https://api.paypal.com:8443/cert' },
      { 'paypal-cert-url': 'not a url' },
      { 'paypal-cert-url': 'x'.repeat(1999) },
      { 'paypal-transmission-time': minutesAgo(6) },
      { 'paypal-transmission-time': minutesAgo(-6) },
      { 'paypal-transmission-time': 'yesterday' },
      { 'paypal-transmission-time': '' },
      { 'paypal-transmission-time': '99999-01-01T00:00:00Z' },
    ];
    for (const change of cases) {
      const { payload, headers } = w.paypal.delivery(EVENT);
      await expectRefused(w.db, () => deliver({ ...headers, ...change }, payload), 400, 'invalid_signature');
    }
    expect(w.paypal.requests.length).toBe(before);
  });

  it('a recent delivery with the configured API’s certificate URL is verified as before', async () => {
    const before = w.paypal.requests.length;
    const { payload, headers } = w.paypal.delivery({ ...EVENT, id: 'WH-GUARD-OK' });
    const answer = await deliver(headers, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(w.paypal.requests.length).toBeGreaterThan(before);
  });

  it('counts deliveries per address: the sixth in a minute is 429 with Retry-After, PayPal not asked; another address goes on', async () => {
    const address = freshAddress();
    for (let n = 0; n < 5; n++) {
      const { payload, headers } = w.paypal.delivery(EVENT, { forgedSignature: true });
      expectError(await deliver(headers, payload, address), 400, 'invalid_signature');
    }
    const before = w.paypal.requests.length;
    const { payload, headers } = w.paypal.delivery({ ...EVENT, id: 'WH-GUARD-LIMIT' });
    const limited = await deliver(headers, payload, address);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(w.paypal.requests.length).toBe(before);
    expect((await deliver(headers, payload, freshAddress())).statusCode).toBe(200);
  });

  it('trusts paypal.com and its subdomains over https, and the configured API’s own origin', () => {
    expect(trustedCertUrl('https://api.paypal.com/v1/notifications/certs/CERT-360caa42', undefined)).toBe(true);
    expect(trustedCertUrl('https://api.sandbox.paypal.com/v1/notifications/certs/CERT', undefined)).toBe(true);
    expect(trustedCertUrl('https://paypal.com/cert', undefined)).toBe(true);
    expect(trustedCertUrl('http://127.0.0.1:4000/v1/certs/X', undefined)).toBe(false);
    expect(trustedCertUrl('http://127.0.0.1:4000/v1/certs/X', 'http://127.0.0.1:4000')).toBe(true);
    expect(trustedCertUrl('http://127.0.0.1:4001/v1/certs/X', 'http://127.0.0.1:4000')).toBe(false);
    expect(trustedCertUrl('https://api.paypal.com.evil.example/x', undefined)).toBe(false);
  });
});
