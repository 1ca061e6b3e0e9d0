import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { SecretBox } from '../../src/lib/secrets.ts';
import { SmtpMailer, type Mailer } from '../../src/plugins/app/notifications/mailer.ts';
import { OutboxDispatcher } from '../../src/plugins/app/notifications/outbox-dispatcher.ts';
import { CloudApiWhatsapp, type WhatsappSender } from '../../src/plugins/app/notifications/whatsapp-client.ts';
import { bearer, buildTestApp, createTestDatabase, type TestDatabase } from '../helper.ts';
import { FakeWhatsapp } from '../fakes/fake-whatsapp.ts';
import { SmtpSink } from '../fakes/smtp-sink.ts';
import { bookStay, createStay, makeDue, outboxRows, registerGuest } from './outbox-support.ts';

const PHONE_NUMBER_ID = '109876543210';
const MAIL_FROM = 'RoomWeek <no-reply@roomweek.test>';

describe('a process that stops between the commit and the send', () => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let fake: FakeWhatsapp;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await SmtpSink.start();
    fake = await FakeWhatsapp.start();
    env = {
      SMTP_URL: smtp.url,
      MAIL_FROM,
      WHATSAPP_API_URL: fake.url,
      WHATSAPP_TOKEN: 'test-token',
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    };
  });
  afterAll(async () => {
    await database.drop();
    await smtp.stop();
    await fake.stop();
  });

  /** Instance A takes a booking and goes away before its dispatcher runs. */
  async function bookOnADyingInstance(startInDays: number) {
    const a = await buildTestApp({ database, env });
    const stay = await createStay(a.app);
    await a.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp-settings',
      headers: bearer(stay.adminToken),
      payload: { whatsapp_number: '+32 470 12 34 56' },
    });
    const guest = await registerGuest(a.app, 'fr');
    const booking = await bookStay(a.app, guest.token, stay, { startInDays });
    await a.close();
    return { booking, guest };
  }

  it('sends the messages exactly once when another instance starts', async () => {
    const { guest } = await bookOnADyingInstance(10);
    expect(smtp.received).toHaveLength(0);
    expect(fake.accepted).toHaveLength(0);
    expect((await outboxRows(database.handle.db)).map((row) => row.status)).toEqual(['pending', 'pending']);

    const b = await buildTestApp({ database, env });
    try {
      expect(await b.app.outboxDispatcher.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
      expect(await b.app.outboxDispatcher.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      await makeDue(b.app.db);
      expect(await b.app.outboxDispatcher.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await b.close();
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([guest.user.email]);
    expect(fake.accepted).toHaveLength(1);
    expect(fake.accepted[0]!.body.text.body).toContain('Marie Dupont');
    expect(await outboxRows(database.handle.db)).toMatchObject([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 1 },
    ]);
  });

  it('killed after the provider took the messages but before recording it: the e-mail comes again with the same Message-ID, the WhatsApp alert does not', async () => {
    await database.handle.db.delete(outboxMessages).where(sql`true`);
    smtp.received.length = 0;
    fake.accepted.length = 0;
    await bookOnADyingInstance(40);

    const b = await buildTestApp({ database, env });
    // A dispatcher whose providers take the message and whose process then dies: the outcome is never recorded.
    const dies = new Promise<never>(() => {});
    const mailer = new SmtpMailer(smtp.url, MAIL_FROM);
    const whatsapp = new CloudApiWhatsapp({ apiUrl: fake.url, token: 'test-token', phoneNumberId: PHONE_NUMBER_ID });
    const dying = new OutboxDispatcher({
      db: database.handle.db,
      mailer: { delivery: 'smtp', send: async (email) => (await mailer.send(email), dies), close: () => mailer.close() } satisfies Mailer,
      whatsapp: { delivery: 'cloud_api', send: async (to, body) => (await whatsapp.send(to, body), dies) } satisfies WhatsappSender,
      box: new SecretBox('unused'),
      mailFrom: MAIL_FROM,
      log: b.app.log,
    });
    void dying.runOnce();
    await expect.poll(() => smtp.received.length + fake.accepted.length).toBe(2);
    mailer.close();
    expect((await outboxRows(database.handle.db)).map((row) => row.status)).toEqual(['sending', 'sending']);

    // Its claims' leases run out; another instance takes over.
    try {
      await makeDue(b.app.db);
      expect(await b.app.outboxDispatcher.runOnce()).toEqual({ sent: 1, retried: 0, failed: 1 });
      await makeDue(b.app.db);
      expect(await b.app.outboxDispatcher.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await b.close();
    }
    expect(fake.accepted).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.headers['message-id']).toBe(smtp.received[0]!.headers['message-id']);
    const rows = await outboxRows(database.handle.db);
    expect(rows.find((row) => row.channel === 'email')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows.find((row) => row.channel === 'whatsapp')).toMatchObject({ status: 'failed', attempts: 2 });
  });
});
