import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { LogMailer } from '../../src/plugins/app/notifications/mailer.ts';
import { bearer, buildTestApp, siteDate, type TestApp } from '../helper.ts';
import { expectError } from '../support.ts';
import { SmtpSink } from '../fakes/smtp-sink.ts';
import { bookStay, createStay, makeDue, outboxRows, plainSpaces, registerGuest } from './outbox-support.ts';

describe('e-mail over SMTP', () => {
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'RoomWeek <bookings@roomweek.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  afterEach(async () => {
    smtp.mode = 'accept';
    smtp.received.length = 0;
    await t.app.db.delete(outboxMessages).where(sql`true`);
  });

  it('sends the reset link in the language of the account; the link works once', async () => {
    const guest = await registerGuest(t.app, 'es');
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: guest.user.email } });
    expect(forgot.statusCode).toBe(200);

    // Committed with the request, sent by the dispatcher.
    expect(smtp.received).toHaveLength(0);
    const [queued] = await outboxRows(t.app.db);
    expect(queued).toMatchObject({ kind: 'password_reset', channel: 'email', status: 'pending', language: 'es', recipient: guest.user.email });
    // The link waits sealed, never in plain text.
    expect(queued!.secret).toMatch(/^v1:/);
    expect(JSON.stringify(queued)).not.toContain(forgot.json<{ reset_token: string }>().reset_token);

    expect(await t.app.outboxDispatcher.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const email = smtp.received[0]!;
    expect(email.to).toEqual([guest.user.email]);
    expect(email.from).toBe('bookings@roomweek.test');
    expect(email.subject).toBe('Restablecimiento de tu contraseña de RoomWeek');
    expect(email.headers['content-language']).toBe('es');
    expect(email.headers['message-id']).toBe(`<outbox-${queued!.id}@roomweek.test>`);
    expect(email.text).toContain('Hola, Marie Dupont:');
    expect(email.text).toContain('válido durante 1 hora');
    const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(email.text);
    expect(link).not.toBeNull();
    expect(email.html).toContain(`href="${link![0]}"`);
    expect(link![1]).toBe(forgot.json<{ reset_token: string }>().reset_token);

    // Sent: the link is no longer kept.
    const [sent] = await outboxRows(t.app.db);
    expect(sent).toMatchObject({ status: 'sent', secret: null, attempts: 1 });
    expect(sent!.sentAt).toBeInstanceOf(Date);

    const reset = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: link![1], new_password: 'nouveau123' } });
    expect((await reset()).statusCode).toBe(200);
    expectError(await reset(), 400, 'invalid_reset_token');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: guest.user.email, password: 'nouveau123' } });
    expect(login.statusCode).toBe(200);

    // Nothing is sent twice.
    expect(await t.app.outboxDispatcher.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('sends nothing for an unknown address', async () => {
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' } });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).not.toHaveProperty('reset_token');
    expect(await outboxRows(t.app.db)).toHaveLength(0);
  });

  it('confirms a booking to the guest in the language of the booking, with how to cancel', async () => {
    const stay = await createStay(t.app);
    const guest = await registerGuest(t.app, 'pt');
    const booking = await bookStay(t.app, guest.token, stay, { language: 'en', startInDays: 10, nights: 14 });

    await t.app.outboxDispatcher.runOnce();
    expect(smtp.received).toHaveLength(1);
    const email = smtp.received[0]!;
    expect(email.to).toEqual([guest.user.email]);
    expect(email.subject).toBe(`Booking confirmed: Villa Rosa & Sol, room ${stay.roomNumber}`);
    expect(email.headers['content-language']).toBe('en');
    const text = plainSpaces(email.text);
    expect(text).toContain('Hello Marie Dupont,');
    expect(text).toContain(`Reference: ${booking.id.slice(0, 8)}`);
    expect(text).toContain('Property: Villa Rosa & Sol, Gent, Belgium');
    expect(text).toContain(`Room: ${stay.roomNumber}`);
    const longDate = (date: string) =>
      new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      );
    expect(text).toContain(`Arrival: ${longDate(siteDate(10))}`);
    expect(text).toContain(`Departure: ${longDate(siteDate(24))}`);
    expect(text).toContain('Duration: 14 days');
    expect(text).toContain('Total: €700.00');
    expect(text).toContain('Payment: Pay on site');
    expect(text).toContain('The amount is paid on site, when you arrive.');
    expect(text).toContain('How to cancel');
    expect(text).toContain('My bookings: http://localhost:3000/my-bookings');
    // The HTML part says the same, escaped.
    expect(email.html).toContain('<html');
    expect(email.html).toContain('Villa Rosa &amp; Sol, Gent, Belgium');
    expect(plainSpaces(email.html)).toContain('€700.00');
    expect(email.html).toContain('href="http://localhost:3000/my-bookings"');
  });

  it('tells the guest about a cancellation, in the language of the booking', async () => {
    const stay = await createStay(t.app, 'Maison Bleue');
    const guest = await registerGuest(t.app, 'fr');
    const booking = await bookStay(t.app, guest.token, stay, { language: 'fr' });
    await t.app.outboxDispatcher.runOnce();
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(guest.token) });
    expect(cancel.statusCode).toBe(200);

    await t.app.outboxDispatcher.runOnce();
    expect(smtp.received.map((email) => email.subject)).toEqual([
      `Réservation confirmée : Maison Bleue, chambre ${stay.roomNumber}`,
      `Réservation annulée : Maison Bleue, chambre ${stay.roomNumber}`,
    ]);
    const text = smtp.received[1]!.text;
    expect(text).toContain('Bonjour Marie Dupont,');
    expect(text).toContain('Votre réservation a bien été annulée.');
    expect(text).toContain(`Référence: ${booking.id.slice(0, 8)}`);

    // An admin's cancellation says who cancelled.
    const other = await bookStay(t.app, guest.token, stay, { language: 'fr', startInDays: 40 });
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${other.id}/cancel`, headers: bearer(stay.adminToken) });
    await t.app.outboxDispatcher.runOnce();
    const cancellations = smtp.received.filter((email) => email.subject.startsWith('Réservation annulée'));
    expect(cancellations).toHaveLength(2);
    expect(cancellations.find((email) => email.text.includes(other.id.slice(0, 8)))!.text).toContain("annulée par l'établissement");
  });

  it('waits for the payment before confirming a card booking, and confirms it once however often it is told', async () => {
    const stay = await createStay(t.app);
    const guest = await registerGuest(t.app, 'fr');
    const booking = await bookStay(t.app, guest.token, stay, { paymentMethod: 'stripe' });
    expect(booking.status).toBe('pending');
    expect(await outboxRows(t.app.db)).toHaveLength(0);

    // The payment path reports the confirmation, twice (webhook and status poll both arrive).
    const view = (await t.app.bookingsRepository.view(booking.id))!;
    for (let i = 0; i < 2; i++) {
      await t.app.db.transaction(async (tx) => t.app.notifier.bookingConfirmed(tx, { ...view, booking: { ...view.booking, status: 'confirmed' } }));
    }
    const rows = await outboxRows(t.app.db);
    expect(rows.map((row) => row.kind).sort()).toEqual(['admin_booking_alert', 'booking_confirmation']);
    await t.app.outboxDispatcher.runOnce();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.text).toContain('Paiement: Carte bancaire');
    expect(smtp.received[0]!.text).toContain('Le paiement a bien été reçu.');
  });

  it('keeps the message through an SMTP outage and sends it once the server is back', async () => {
    const stay = await createStay(t.app);
    const guest = await registerGuest(t.app, 'fr');
    await bookStay(t.app, guest.token, stay);

    // Off the network: connection refused.
    await smtp.stop();
    expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    // Back, but refusing for now (451).
    await smtp.start();
    smtp.mode = 'tempfail';
    await makeDue(t.app.db);
    expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    const [waiting] = (await outboxRows(t.app.db)).filter((row) => row.channel === 'email');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 2 });
    expect(waiting!.lastError).toMatch(/451/);
    // The backoff holds it until it is due.
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.app.outboxDispatcher.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    smtp.mode = 'accept';
    await makeDue(t.app.db);
    expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const [sent] = (await outboxRows(t.app.db)).filter((row) => row.channel === 'email');
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('gives up at once on a permanent refusal', async () => {
    const stay = await createStay(t.app);
    const guest = await registerGuest(t.app, 'fr');
    await bookStay(t.app, guest.token, stay);
    smtp.mode = 'reject';
    expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    const [failed] = (await outboxRows(t.app.db)).filter((row) => row.channel === 'email');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.lastError).toMatch(/550/);
    await makeDue(t.app.db);
    smtp.mode = 'accept';
    await t.app.outboxDispatcher.runOnce();
    expect(smtp.received).toHaveLength(0);
  });

  it('drops a reset link that expired before it could be sent, and forgets it', async () => {
    const guest = await registerGuest(t.app, 'fr');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: guest.user.email } });
    await t.app.db
      .update(outboxMessages)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(outboxMessages.kind, 'password_reset'));
    expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ failed: 1 });
    expect(smtp.received).toHaveLength(0);
    const [row] = await outboxRows(t.app.db);
    expect(row).toMatchObject({ status: 'failed', secret: null, lastError: 'expired before it could be sent' });
  });
});

describe('e-mail without SMTP_URL', () => {
  it('logs the message, with its link only outside production', async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) } as unknown as FastifyBaseLogger;
    const email = {
      to: 'guest@example.com',
      subject: 'Reset',
      text: 'Open http://localhost:3000/reset-password?token=abc123secret now',
      html: '<p>x</p>',
      messageId: '<outbox-1@localhost>',
      language: 'fr',
    };
    await new LogMailer(log, false).send(email);
    await new LogMailer(log, true).send(email);
    expect(JSON.stringify(lines[0])).not.toContain('abc123secret');
    expect(lines[0]!.obj.text).toContain('token=[redacted]');
    expect(lines[1]!.obj.text).toContain('token=abc123secret');
  });

  it('marks the logged message sent; the forgot-password answer carries the token only outside production', async () => {
    const t = await buildTestApp();
    try {
      const guest = await registerGuest(t.app, 'fr');
      const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: guest.user.email } });
      expect(forgot.json()).toHaveProperty('reset_token');
      expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ sent: 1 });
      expect(await outboxRows(t.app.db)).toMatchObject([{ status: 'sent', secret: null }]);
    } finally {
      await t.close();
    }
    const production = await buildTestApp({ env: { NODE_ENV: 'production', ADMIN_PASSWORD: 'admin123' } });
    try {
      const guest = await registerGuest(production.app, 'fr');
      const forgot = await production.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: guest.user.email } });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.json()).not.toHaveProperty('reset_token');
      expect(await outboxRows(production.app.db)).toMatchObject([{ kind: 'password_reset', status: 'pending' }]);
    } finally {
      await production.close();
    }
  });
});
