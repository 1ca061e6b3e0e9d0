import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { User } from '@roomweek/contract';
import { loadConfig } from '../../src/config.ts';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { emailVerifications } from '../../src/db/schema.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';
import { SmtpSink } from '../fakes/smtp-sink.ts';
import { outboxRows, registerGuest } from '../notifications/outbox-support.ts';

// docs/decisions/0029-on-site-bookings-need-proof.md: an account books on site only once its e-mail is proved.

const LINK = /http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]+)/;

describe('the e-mail proof', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let roomId: string;
  let day = 10;
  /** A new stay of 7 nights each time, so bookings never clash. */
  const nextStay = () => {
    day += 8;
    return { room_id: roomId, start_date: siteDate(day), end_date: siteDate(day + 7) };
  };

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'RoomWeek <bookings@roomweek.test>' } });
    const admin = await loginAdmin(t.app);
    const property = await createProperty(t.app, admin);
    roomId = (await createRoom(t.app, admin, property.id)).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  afterEach(async () => {
    smtp.received.length = 0;
    await t.app.db.delete(outboxMessages).where(sql`true`);
  });

  const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json<User>();
  const verify = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const resend = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: bearer(token) });
  /** Sends what waits in the outbox and answers the token of the last verification link received. */
  const mailedToken = async () => {
    await t.app.outboxDispatcher.runOnce();
    const mail = [...smtp.received].reverse().find((received) => LINK.test(received.text));
    const link = mail ? LINK.exec(mail.text) : null;
    expect(link, 'a verification link was mailed').not.toBeNull();
    return { token: link![1]!, mail: mail! };
  };

  it('register → link mailed in the account language → on site refused until proved, then allowed; card needs no proof', async () => {
    const guest = await registerGuest(t.app, 'es', {}, { verified: false });
    expect(guest.user.email_verified).toBe(false);
    const [queued] = await outboxRows(t.app.db);
    expect(queued).toMatchObject({ kind: 'email_verification', channel: 'email', language: 'es', recipient: guest.user.email });
    // Sealed while it waits, like a reset link.
    expect(queued!.secret).toMatch(/^v1:/);

    const { token, mail } = await mailedToken();
    expect(mail.to).toEqual([guest.user.email]);
    expect(mail.subject).toBe('Confirma tu dirección de correo de RoomWeek');
    expect(mail.text).toContain('48 horas');
    // Stored hashed only.
    const [stored] = await t.app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, guest.user.id));
    expect(stored!.tokenHash).not.toBe(token);

    await expectRefused(t.app.db, () => book(t.app, guest.token, nextStay()), 403, 'email_not_verified');
    expect((await book(t.app, guest.token, { ...nextStay(), payment_method: 'stripe' })).statusCode).toBe(201);
    expect((await book(t.app, guest.token, { ...nextStay(), payment_method: 'paypal' })).statusCode).toBe(201);

    const proved = await verify(token);
    expect(proved.statusCode).toBe(200);
    expect((await me(guest.token)).email_verified).toBe(true);
    const booked = await book(t.app, guest.token, nextStay());
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ status: 'confirmed', payment_method: 'on_site' });

    // Single use.
    await expectRefused(t.app.db, () => verify(token), 400, 'invalid_verification_token');
  });

  it('refuses garbage, expired and hostile tokens with a code, changing nothing', async () => {
    const guest = await registerUser(t.app, {}, { verified: false });
    await expectRefused(t.app.db, () => verify('not-a-token'), 400, 'invalid_verification_token');
    await expectRefused(t.app.db, () => verify(123), 400, 'validation_error');
    await expectRefused(t.app.db, () => verify(''), 400, 'validation_error');
    await expectRefused(t.app.db, () => verify('x'.repeat(100_000)), 400, 'validation_error');
    await expectRefused(t.app.db, () => verify({ $ne: null }), 400, 'validation_error');
    await expectRefused(t.app.db, () => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: {} }), 400, 'validation_error');

    const { token } = await mailedToken();
    await t.app.db.update(emailVerifications).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailVerifications.userId, guest.user.id));
    await expectRefused(t.app.db, () => verify(token), 400, 'invalid_verification_token');
    expect((await me(guest.token)).email_verified).toBe(false);
  });

  it('sends a new link on demand, at most 3 an hour; 409 once proved; 401 signed out', async () => {
    const guest = await registerUser(t.app, {}, { verified: false });
    await t.app.outboxDispatcher.runOnce();
    smtp.received.length = 0;

    const first = await resend(guest.token);
    expect(first.statusCode).toBe(200);
    const { token } = await mailedToken();
    expect((await resend(guest.token)).statusCode).toBe(200);
    expect((await resend(guest.token)).statusCode).toBe(200);
    const limited = await resend(guest.token);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // An earlier link still proves the address.
    expect((await verify(token)).statusCode).toBe(200);
    expectError(await resend(guest.token), 409, 'email_already_verified');
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' }), 401, 'unauthorized');
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: bearer('garbage') }), 401, 'invalid_token');
  });

  it('a new e-mail address must be proved again; a link sent to the old one no longer proves anything', async () => {
    const guest = await registerUser(t.app, {}, { verified: false });
    const { token: oldLink } = await mailedToken();
    await verify(oldLink);
    const again = await registerUser(t.app, {}, { verified: false });
    const { token: staleLink } = await mailedToken();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(again.token),
      payload: { name: again.user.name, email: `new-${again.user.email}`, current_password: 'secret123' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.email_verified).toBe(false);
    // The link sent to the previous address is used up, but proves nothing for the new one.
    expectError(await verify(staleLink), 400, 'invalid_verification_token');
    expect((await me(changed.json().token)).email_verified).toBe(false);
    const { token: newLink, mail } = await mailedToken();
    expect(mail.to).toEqual([`new-${again.user.email}`]);
    expect((await verify(newLink)).statusCode).toBe(200);
    expect((await me(changed.json().token)).email_verified).toBe(true);
    expect((await me(guest.token)).email_verified).toBe(true);
  });

  it('admins book on site without a proof (they book for guests by phone)', async () => {
    const admin = await loginAdmin(t.app);
    expect((await book(t.app, admin, nextStay())).statusCode).toBe(201);
  });
});

describe('when the proof is not asked', () => {
  it.each([
    ['in development mode', { NODE_ENV: 'development' }],
    ['with ON_SITE_REQUIRES_VERIFIED_EMAIL=false', { ON_SITE_REQUIRES_VERIFIED_EMAIL: 'false' }],
  ])('an unproved account books on site %s', async (_, env) => {
    const t = await buildTestApp({ env });
    try {
      const admin = await loginAdmin(t.app);
      const property = await createProperty(t.app, admin);
      const room = await createRoom(t.app, admin, property.id);
      const guest = await registerUser(t.app, {}, { verified: false });
      expect(guest.user.email_verified).toBe(false);
      const booked = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17) });
      expect(booked.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('a bad value of the flag stops the start with its name', () => {
    expect(() => loadConfig({ ON_SITE_REQUIRES_VERIFIED_EMAIL: 'maybe' })).toThrow(/ON_SITE_REQUIRES_VERIFIED_EMAIL/);
    expect(() => loadConfig({ MAX_UNPAID_NIGHTS_PER_USER: '0' })).toThrow(/MAX_UNPAID_NIGHTS_PER_USER/);
    expect(loadConfig({}).MAX_UNPAID_NIGHTS_PER_USER).toBe(28);
    expect(loadConfig({}).ON_SITE_REQUIRES_VERIFIED_EMAIL).toBe(true);
  });
});
