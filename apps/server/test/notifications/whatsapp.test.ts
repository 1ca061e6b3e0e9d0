import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { SecretBox } from '../../src/lib/secrets.ts';
import { LogMailer } from '../../src/plugins/app/notifications/mailer.ts';
import { OutboxDispatcher } from '../../src/plugins/app/notifications/outbox-dispatcher.ts';
import { CloudApiWhatsapp } from '../../src/plugins/app/notifications/whatsapp-client.ts';
import { bearer, buildTestApp, siteDate, type TestApp } from '../helper.ts';
import { FakeWhatsapp } from '../fakes/fake-whatsapp.ts';
import { bookStay, createStay, makeDue, outboxRows, plainSpaces, registerGuest, type Stay } from './outbox-support.ts';

const PHONE_NUMBER_ID = '109876543210';

describe('WhatsApp alert to the owner', () => {
  let fake: FakeWhatsapp;
  let t: TestApp;
  let stay: Stay;
  let env: Record<string, string>;

  const alerts = async () => (await outboxRows(t.app.db)).filter((row) => row.channel === 'whatsapp');

  beforeAll(async () => {
    fake = await FakeWhatsapp.start();
    env = { WHATSAPP_API_URL: fake.url, WHATSAPP_TOKEN: 'test-token', WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID };
    t = await buildTestApp({ env });
    stay = await createStay(t.app);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp-settings',
      headers: bearer(stay.adminToken),
      payload: { whatsapp_number: '+32 470 12 34 56' },
    });
    expect(saved.json()).toEqual({ whatsapp_number: '+32 470 12 34 56', delivery: 'cloud_api' });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  afterEach(async () => {
    if (fake.port && fake.mode !== 'ok') fake.mode = 'ok';
    fake.accepted.length = 0;
    fake.requests = 0;
    await t.app.db.delete(outboxMessages).where(sql`true`);
  });

  it('sends the client, room, dates and total price to the admin number through the Cloud API', async () => {
    const guest = await registerGuest(t.app, 'es');
    const booking = await bookStay(t.app, guest.token, stay, { language: 'es', startInDays: 10, nights: 14 });
    expect(fake.accepted).toHaveLength(0);

    await t.app.outboxDispatcher.runOnce();
    expect(fake.accepted).toHaveLength(1);
    const [message] = fake.accepted;
    expect(message!.phoneNumberId).toBe(PHONE_NUMBER_ID);
    expect(message!.authorization).toBe('Bearer test-token');
    expect(message!.body).toMatchObject({ messaging_product: 'whatsapp', to: '32470123456', type: 'text' });
    // In the site's default language (French), whatever the guest's.
    const longDate = (date: string) =>
      new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      );
    expect(plainSpaces(message!.body.text.body)).toBe(
      [
        '*Nouvelle réservation sur RoomWeek*',
        `Client: Marie Dupont (${guest.user.email})`,
        `Chambre: ${stay.roomNumber} — Villa Rosa & Sol`,
        `Dates: du ${longDate(siteDate(10))} au ${longDate(siteDate(24))} (14 jours)`,
        'Voyageurs: 1 adulte',
        'Prix total: 700,00 €',
        'Paiement: Paiement sur place',
        `Réf.: ${booking.id.slice(0, 8)}`,
      ].join('\n'),
    );
    expect(await alerts()).toMatchObject([{ status: 'sent', attempts: 1, providerMessageId: 'wamid.fake1', recipient: '32470123456' }]);

    await makeDue(t.app.db);
    await t.app.outboxDispatcher.runOnce();
    expect(fake.accepted).toHaveLength(1);
  });

  it('keeps the alert pending while the API answers errors, and sends it once when it is back', async () => {
    const guest = await registerGuest(t.app, 'fr');
    await bookStay(t.app, guest.token, stay, { startInDays: 25 });
    fake.mode = 'down';
    expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ sent: 1, retried: 1 }); // the e-mail is only logged
    expect(fake.requests).toBe(1);
    expect(fake.accepted).toHaveLength(0);
    const [waiting] = await alerts();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/HTTP 503/);
    // Not due yet: the backoff holds it.
    await t.app.outboxDispatcher.runOnce();
    expect(fake.requests).toBe(1);

    await makeDue(t.app.db);
    await t.app.outboxDispatcher.runOnce();
    expect(fake.requests).toBe(2);
    expect(await alerts()).toMatchObject([{ status: 'pending', attempts: 2 }]);

    fake.mode = 'ok';
    await makeDue(t.app.db);
    await t.app.outboxDispatcher.runOnce();
    expect(fake.accepted).toHaveLength(1);
    expect(await alerts()).toMatchObject([{ status: 'sent', attempts: 3 }]);
    await makeDue(t.app.db);
    await t.app.outboxDispatcher.runOnce();
    expect(fake.accepted).toHaveLength(1);
  });

  it('keeps the alert pending while the API is unreachable', async () => {
    const guest = await registerGuest(t.app, 'fr');
    await bookStay(t.app, guest.token, stay, { startInDays: 40 });
    await fake.stop();
    try {
      expect(await t.app.outboxDispatcher.runOnce()).toMatchObject({ retried: 1 });
      const [waiting] = await alerts();
      expect(waiting).toMatchObject({ status: 'pending' });
      expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await fake.start();
    }
    await makeDue(t.app.db);
    await t.app.outboxDispatcher.runOnce();
    expect(fake.accepted).toHaveLength(1);
    expect(await alerts()).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('never sends an alert twice when its outcome is unknown (the API took the request and did not answer)', async () => {
    const guest = await registerGuest(t.app, 'fr');
    await bookStay(t.app, guest.token, stay, { startInDays: 60 });
    fake.mode = 'hang';
    const impatient = new OutboxDispatcher({
      db: t.app.db,
      mailer: new LogMailer(t.app.log, false),
      whatsapp: new CloudApiWhatsapp({ apiUrl: fake.url, token: 'test-token', phoneNumberId: PHONE_NUMBER_ID, timeoutMs: 300 }),
      box: new SecretBox('unused'),
      mailFrom: 'RoomWeek <no-reply@localhost>',
      log: t.app.log,
    });
    await t.app.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    expect(await impatient.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [unknown] = await alerts();
    expect(unknown).toMatchObject({ status: 'failed', attempts: 1 });
    expect(unknown!.lastError).toMatch(/^outcome unknown/);

    fake.mode = 'ok';
    await makeDue(t.app.db);
    await t.app.outboxDispatcher.runOnce();
    expect(fake.requests).toBe(1);
    expect(fake.accepted).toHaveLength(0);
  });

  it('does not send again an alert whose dispatcher stopped during the send', async () => {
    const guest = await registerGuest(t.app, 'fr');
    await bookStay(t.app, guest.token, stay, { startInDays: 80 });
    // What a dispatcher killed mid-send leaves: claimed (attempt 1), its lease now over.
    await t.app.db
      .update(outboxMessages)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.channel, 'whatsapp'));
    await t.app.outboxDispatcher.runOnce();
    expect(fake.requests).toBe(0);
    const [alert] = await alerts();
    expect(alert).toMatchObject({ status: 'failed', attempts: 2 });
    expect(alert!.lastError).toMatch(/^outcome unknown/);
  });

  it('sends each alert exactly once with two dispatchers racing on one database', async () => {
    const other = await buildTestApp({ database: t.database, env });
    try {
      const guest = await registerGuest(t.app, 'fr');
      const count = 8;
      for (let i = 0; i < count; i++) await bookStay(t.app, guest.token, stay, { startInDays: 100 + i * 7, nights: 7 });
      const reports = await Promise.all([t.app.outboxDispatcher.runOnce(), other.app.outboxDispatcher.runOnce(), t.app.outboxDispatcher.runOnce()]);
      expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(2 * count);
      expect(fake.accepted).toHaveLength(count);
      expect(new Set(fake.accepted.map((message) => message.body.text.body)).size).toBe(count);
      expect((await outboxRows(t.app.db)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('writes nothing for the owner until a card booking is paid', async () => {
    const guest = await registerGuest(t.app, 'fr');
    await bookStay(t.app, guest.token, stay, { startInDays: 200, paymentMethod: 'paypal' });
    await t.app.outboxDispatcher.runOnce();
    expect(await alerts()).toHaveLength(0);
    expect(fake.requests).toBe(0);
  });
});

describe('WhatsApp alert without the Cloud API or without a number', () => {
  it('logs the alert when the Cloud API is not configured, and says so to the admin', async () => {
    const t = await buildTestApp();
    try {
      const stay = await createStay(t.app);
      const settings = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/whatsapp-settings',
        headers: bearer(stay.adminToken),
        payload: { whatsapp_number: '+33 6 00 00 00 01' },
      });
      expect(settings.json()).toMatchObject({ delivery: 'log' });
      const guest = await registerGuest(t.app, 'fr');
      await bookStay(t.app, guest.token, stay);
      expect(await t.app.outboxDispatcher.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
      expect(await outboxRows(t.app.db)).toMatchObject([
        { channel: 'email', status: 'sent' },
        { channel: 'whatsapp', status: 'sent', recipient: '33600000001' },
      ]);
    } finally {
      await t.close();
    }
  });

  it('never sends the alert to the placeholder number when the admin set none', async () => {
    const fake = await FakeWhatsapp.start();
    const t = await buildTestApp({ env: { WHATSAPP_API_URL: fake.url, WHATSAPP_TOKEN: 'x', WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID } });
    try {
      const stay = await createStay(t.app);
      const guest = await registerGuest(t.app, 'fr');
      await bookStay(t.app, guest.token, stay);
      await t.app.outboxDispatcher.runOnce();
      expect(fake.requests).toBe(0);
      const alert = (await outboxRows(t.app.db)).find((row) => row.channel === 'whatsapp');
      expect(alert).toMatchObject({ status: 'failed', recipient: null });
      expect(alert!.lastError).toMatch(/no recipient/);
    } finally {
      await t.close();
      await fake.stop();
    }
  });
});
