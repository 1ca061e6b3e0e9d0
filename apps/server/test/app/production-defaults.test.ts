import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Booking, PaymentSettings, PublicConfig } from '@roomweek/contract';
import { loadConfig } from '../../src/config.ts';
import { bootstrap, INITIAL_ADMIN_PASSWORD_FILE } from '../../src/db/bootstrap.ts';
import { migrate } from '../../src/db/client.ts';
import { paymentAttempts, paymentRefunds } from '../../src/db/payments-schema.ts';
import { bookings, rooms, settings, users } from '../../src/db/schema.ts';
import { loggerOptions } from '../../src/lib/logger.ts';
import { loadSecrets, SecretBox } from '../../src/lib/secrets.ts';
import { PaymentsRepository } from '../../src/plugins/app/payments/payments-repository.ts';
import { SettingsService } from '../../src/plugins/app/settings/settings-service.ts';
import {
  bearer,
  book,
  buildTestApp,
  createProperty,
  createRoom,
  createTestDatabase,
  loginAdmin,
  registerUser,
  siteDate,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

const ADMIN_EMAIL = 'admin@example.com';
const login = (t: TestApp, password: string, email = ADMIN_EMAIL) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** A logger that keeps what was logged, to read it back. */
function recordingLog() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, args });
    };
  const log = {
    level: 'trace',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => undefined,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines, text: () => JSON.stringify(lines.map((line) => line.args)) };
}

describe('production by default', () => {
  it('is production when NODE_ENV is not set, with JSON logs', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBe('production');
    const options = loggerOptions(config);
    expect(options).toMatchObject({ level: 'info' });
    expect(options).not.toHaveProperty('transport');
  });

  describe('a production first start without ADMIN_PASSWORD', () => {
    let dataDir: string;
    let database: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-production-'));
      database = await createTestDatabase();
      t = await buildTestApp({ database, env: { NODE_ENV: 'production', DATA_DIR: dataDir } });
    });
    afterAll(async () => {
      await t.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    const passwordFile = () => path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
    const initialPassword = async () => (await readFile(passwordFile(), 'utf8')).trim();

    it('answers no reset token, for the admin or anyone', async () => {
      const registered = await registerUser(t.app);
      for (const email of [ADMIN_EMAIL, registered.user.email, 'nobody@example.com']) {
        const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
        expect(forgot.statusCode).toBe(200);
        expect(forgot.json()).toEqual({ detail: 'If an account exists for this address, a reset link has been sent.' });
        expect(forgot.body).not.toMatch(/token/i);
      }
    });

    it('does not give the admin the well-known admin123', async () => {
      expectError(await login(t, 'admin123'), 401, 'invalid_credentials');
    });

    it('writes a strong random password to DATA_DIR/initial-admin-password, owner-only, and it signs in', async () => {
      const file = await stat(passwordFile());
      expect(file.mode & 0o777).toBe(0o600);
      const password = await initialPassword();
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const response = await login(t, password);
      expect(response.statusCode).toBe(200);
      const { user } = response.json<AuthResponse>();
      expect(user.role).toBe('admin');
      // Not chosen by the owner: the dashboard keeps asking to change it until it is.
      expect(user.default_password).toBe(true);
    });

    it('keeps the admin and the file as they are on a second start', async () => {
      const password = await initialPassword();
      const [before] = await database.handle.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
      const second = await buildTestApp({ database, env: { NODE_ENV: 'production', DATA_DIR: dataDir } });
      try {
        expect(await initialPassword()).toBe(password);
        const admins = await database.handle.db.select().from(users).where(eq(users.role, 'admin'));
        expect(admins).toHaveLength(1);
        expect(admins[0]!.passwordHash).toBe(before!.passwordHash);
        expect((await login(second, password)).statusCode).toBe(200);
      } finally {
        await second.app.close();
      }
    });

    it('stops asking once the admin chose a password', async () => {
      const session = (await login(t, await initialPassword())).json<AuthResponse>();
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: bearer(session.token),
        payload: { current_password: await initialPassword(), new_password: 'owner-chosen-password-1' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json<AuthResponse>().user.default_password).toBe(false);
    });
  });

  it('logs the generated password once, as a warning, and writes over a leftover file with owner-only rights', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-production-'));
    const database = await createTestDatabase();
    try {
      const leftover = path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
      await writeFile(leftover, 'an older database\n', { mode: 0o644 });
      const config = testConfig({ NODE_ENV: 'production' }, dataDir);
      await migrate(database.handle.db); // a fresh PostgreSQL database is empty (the PGlite clone is migrated already)
      const first = recordingLog();
      await bootstrap(database.handle.db, config, first.log);
      const password = (await readFile(leftover, 'utf8')).trim();
      expect(password).not.toBe('an older database');
      expect((await stat(leftover)).mode & 0o777).toBe(0o600);
      const warnings = first.lines.filter((line) => line.level === 'warn' && JSON.stringify(line.args).includes(password));
      expect(warnings).toHaveLength(1);
      expect(first.text().split(password)).toHaveLength(2);

      const second = recordingLog();
      await bootstrap(database.handle.db, config, second.log);
      expect(second.text()).not.toContain(password);
      expect((await readFile(leftover, 'utf8')).trim()).toBe(password);
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps admin123 for development (and tests) when ADMIN_PASSWORD is not given, and writes no file', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'development' } });
    try {
      expect((await login(t, 'admin123')).statusCode).toBe(200);
      await expect(stat(path.join(t.dataDir, INITIAL_ADMIN_PASSWORD_FILE))).rejects.toThrow();
      const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN_EMAIL } });
      expect(forgot.json()).toHaveProperty('reset_token');
    } finally {
      await t.close();
    }
  });

  it('uses ADMIN_PASSWORD in production when it is given, and writes no file', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'production', ADMIN_PASSWORD: 'owner-given-password-42' } });
    try {
      const response = await login(t, 'owner-given-password-42');
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthResponse>().user.default_password).toBe(false);
      await expect(stat(path.join(t.dataDir, INITIAL_ADMIN_PASSWORD_FILE))).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});

describe('secrets', () => {
  it.each(['JWT_SECRET', 'SETTINGS_KEY'])('refuses a %s shorter than 32 bytes, naming it and not echoing it', (name) => {
    for (const value of ['secret', 'x'.repeat(31), 'short-but-not-empty-key']) {
      let message = '';
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(`${name}:`);
      expect(message).toMatch(/at least 32 bytes/);
      expect(message.replace(name, '')).not.toContain(value);
    }
  });

  it('refuses JWT_SECRET=secret, the issue example', () => {
    expect(() => loadConfig({ JWT_SECRET: 'secret' })).toThrow(/JWT_SECRET/);
  });

  it('accepts 32 bytes (counted as UTF-8 bytes, not characters) and unset values', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), SETTINGS_KEY: 'é'.repeat(16) }).SETTINGS_KEY).toBe('é'.repeat(16));
    expect(() => loadConfig({ SETTINGS_KEY: 'é'.repeat(15) })).toThrow(/SETTINGS_KEY/);
    expect(loadConfig({ JWT_SECRET: '  ' }).JWT_SECRET).toBeUndefined();
  });

  it('generates secrets that the same rule accepts', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-secrets-'));
    try {
      const generated = await loadSecrets(dataDir, {});
      expect(Buffer.byteLength(generated.jwtSecret)).toBeGreaterThanOrEqual(32);
      expect(Buffer.byteLength(generated.settingsKey)).toBeGreaterThanOrEqual(32);
      expect(() => loadConfig({ JWT_SECRET: generated.jwtSecret, SETTINGS_KEY: generated.settingsKey })).not.toThrow();
      expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a stored secret that cannot be decrypted', () => {
  const STRIPE_KEY = 'sk_test_sealed-with-a-key-this-instance-does-not-have';
  const PAYPAL_SECRET = 'paypal-secret-sealed-elsewhere-0123';
  const otherBox = new SecretBox('the-settings-key-of-another-instance-0123456789');
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    // What a lost secrets.json (or a second instance with its own generated key) leaves in the table.
    await t.database.handle.db.insert(settings).values([
      { key: 'stripe_api_key', value: otherBox.seal(STRIPE_KEY), encrypted: true },
      { key: 'stripe_webhook_secret', value: otherBox.seal('whsec_sealed_elsewhere'), encrypted: true },
      { key: 'paypal_client_id', value: 'AZ-client-id', encrypted: false },
      { key: 'paypal_secret', value: otherBox.seal(PAYPAL_SECRET), encrypted: true },
      { key: 'paypal_mode', value: 'live', encrypted: false },
    ]);
  });
  afterAll(() => t.close());

  const paymentSettings = () => t.app.inject({ url: '/api/payment-settings', headers: bearer(admin) });

  it('leaves GET /api/config answering, with card and PayPal off', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PublicConfig>()).toMatchObject({ stripe_enabled: false, paypal_enabled: false, paypal_client_id: 'AZ-client-id', paypal_mode: 'live' });
  });

  it('shows the admin which secrets could not be read, as unset', async () => {
    const response = await paymentSettings();
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentSettings>()).toEqual({
      stripe_api_key_masked: '',
      has_stripe: false,
      has_stripe_webhook: false,
      paypal_client_id: 'AZ-client-id',
      paypal_secret_masked: '',
      has_paypal: false,
      paypal_mode: 'live',
      unreadable: ['paypal_secret', 'stripe_api_key', 'stripe_webhook_secret'],
    });
  });

  it('answers checkout, PayPal orders and the Stripe webhook with 503 payment_not_configured, never 500', async () => {
    const property = await createProperty(t.app, admin);
    const room = await createRoom(t.app, admin, property.id);
    const guest = await registerUser(t.app);
    const cardBooking = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12), payment_method: 'stripe' })).json<Booking>();
    const db = t.database.handle.db;
    await expectRefused(
      db,
      () => t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: bearer(guest.token), payload: { booking_id: cardBooking.id } }),
      503,
      'payment_not_configured',
    );
    const paypalBooking = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(20), end_date: siteDate(27), payment_method: 'paypal' })).json<Booking>();
    await expectRefused(
      db,
      () => t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', headers: bearer(guest.token), payload: { booking_id: paypalBooking.id } }),
      503,
      'payment_not_configured',
    );
    await expectRefused(
      db,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
          payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
        }),
      503,
      'payment_not_configured',
    );
  });

  it('is readable again once the admin enters it again; an environment key replaces it; another instance\'s key cannot read it', async () => {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/payment-settings', headers: bearer(admin), payload: { stripe_api_key: 'sk_test_entered_again_1234' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PaymentSettings>()).toMatchObject({ has_stripe: true, stripe_api_key_masked: '••••••••1234', unreadable: ['paypal_secret', 'stripe_webhook_secret'] });

    // A second instance on the same database with its own generated SETTINGS_KEY (another DATA_DIR): the key just
    // entered is unreadable there too, while the webhook secret its environment gives is no longer asked for.
    const withEnv = await buildTestApp({ database: t.database, env: { STRIPE_WEBHOOK_SECRET: 'whsec_from_the_environment' } });
    try {
      const token = await loginAdmin(withEnv.app);
      const response = await withEnv.app.inject({ url: '/api/payment-settings', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json<PaymentSettings>()).toMatchObject({ has_stripe: false, has_stripe_webhook: true, unreadable: ['paypal_secret', 'stripe_api_key'] });
    } finally {
      await withEnv.app.close();
    }
  });

  it('logs each unreadable secret loudly once, by name, never its value', async () => {
    const recorder = recordingLog();
    const service = new SettingsService({ db: t.database.handle.db, box: new SecretBox('this-instance-settings-key-0123456789'), env: {}, log: recorder.log });
    for (let i = 0; i < 3; i++) {
      expect((await service.paymentSettings()).unreadable).toEqual(['paypal_secret', 'stripe_api_key', 'stripe_webhook_secret']);
      expect(await service.paymentCredentials()).toMatchObject({ stripeSecretKey: undefined, paypalSecret: undefined, paypalClientId: 'AZ-client-id' });
    }
    const errors = recorder.lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(3);
    const logged = recorder.text();
    for (const name of ['stripe_api_key', 'stripe_webhook_secret', 'paypal_secret']) expect(logged).toContain(`The stored payment setting ${name} could not be decrypted`);
    expect(logged).not.toContain(STRIPE_KEY);
    expect(logged).not.toContain(PAYPAL_SECRET);
    const sealed = await t.database.handle.db.select({ value: settings.value }).from(settings).where(eq(settings.encrypted, true));
    for (const row of sealed) expect(logged).not.toContain(row.value);
  });
});

describe('money in 64 bits', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
  });
  afterAll(() => t.close());

  it('stores and answers exactly a stay whose total passes 2^31 cents', async () => {
    const property = await createProperty(t.app, admin);
    const room = await createRoom(t.app, admin, property.id, { price_per_week: 1_000_000 });
    const guest = await registerUser(t.app);
    // 300 nights at 1,000,000 € a week: 1e8 × 300 / 7 = 4,285,714,285.71… cents, twice 2^31.
    const response = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(1), end_date: siteDate(301) });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking.total_price).toBe(42_857_142.86);

    const [row] = await t.database.handle.db.select({ totalCents: bookings.totalCents }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.totalCents).toBe(4_285_714_286);
    expect(typeof row!.totalCents).toBe('number');
    const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
    expect(mine.find((b) => b.id === booking.id)?.total_price).toBe(42_857_142.86);
    const [price] = await t.database.handle.db.select({ cents: rooms.pricePerWeekCents }).from(rooms).where(eq(rooms.id, room.id));
    expect(price!.cents).toBe(100_000_000);
  });

  it('refuses a weekly price above 1,000,000 € with a clear 400, changing nothing', async () => {
    const property = await createProperty(t.app, admin);
    for (const price_per_week of [1_000_000.01, 2 ** 31, 2 ** 53, 1e308]) {
      await expectRefused(
        t.database.handle.db,
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/rooms',
            headers: bearer(admin),
            payload: { property_id: property.id, room_number: 'Big', price_per_week },
          }),
        400,
        'validation_error',
      );
    }
  });

  it('reads payment amounts past 2^31 cents back as exact numbers on both drivers', async () => {
    const property = await createProperty(t.app, admin);
    const room = await createRoom(t.app, admin, property.id, { price_per_week: 1_000_000 });
    const guest = await registerUser(t.app);
    const booking = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(400), end_date: siteDate(765) })).json<Booking>();
    const repository = new PaymentsRepository(t.database.handle.db);
    const db = t.database.handle.db;
    const amount = 5_214_285_714; // 365 nights at the highest price
    await db.transaction(async (tx) => {
      await repository.insertAttempt(tx, { bookingId: booking.id, provider: 'paypal', externalId: 'ORDER-BIG', amountCents: amount });
      // Money owed back is money that came: received first (as settling does), so the refund stays within it.
      await repository.recordReceived(tx, { bookingId: booking.id, kind: 'full', method: 'paypal', reference: 'CAPTURE-BIG', amountCents: amount });
      await repository.oweRefund(tx, { bookingId: booking.id, provider: 'paypal', paymentReference: 'CAPTURE-BIG', amountCents: amount, reason: 'duplicate_payment' }, false);
    });
    const [attempt] = await db.select({ amount: paymentAttempts.amountCents }).from(paymentAttempts).where(eq(paymentAttempts.externalId, 'ORDER-BIG'));
    const [refund] = await db.select({ amount: paymentRefunds.amountCents }).from(paymentRefunds).where(eq(paymentRefunds.paymentReference, 'CAPTURE-BIG'));
    expect(attempt!.amount).toBe(amount);
    expect(refund!.amount).toBe(amount);
    const [stored] = await db
      .select({ totalCents: bookings.totalCents, paidCents: bookings.paidCents, refundedCents: bookings.refundedCents })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(stored).toEqual({ totalCents: amount, paidCents: amount, refundedCents: amount });
  });
});
