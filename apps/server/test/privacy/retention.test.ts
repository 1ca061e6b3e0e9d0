import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { buildTestApp, createProperty, createRoom, loginAdmin, book, registerUser, siteDate, type TestApp } from '../helper.ts';
import { exportOf, messagesAbout } from './privacy-support.ts';

/** Retention (decision 0021): a message's personal content goes 30 days after it was sent or given up; spent reset links go at once. */
describe('retention of personal data by the housekeeping job', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Rows kept 90 days: the erasure at 30 days shows on rows that are still there.
    t = await buildTestApp({ env: { HOUSEKEEPING_RETENTION_DAYS: '90' } });
  });
  afterAll(() => t.close());

  const age = (userId: string, kind: string, status: string, days: number) =>
    t.app.db.execute(sql`update outbox_messages set status = ${status},
      sent_at = ${status === 'sent' ? sql`now() - make_interval(days => ${days})` : null},
      created_at = now() - make_interval(days => ${days})
      where user_id = ${userId} and kind = ${kind}`);

  it("erases a message's address and body 30 days after it was sent or given up, keeps what its subject needs, and the export still lists it", async () => {
    const admin = await loginAdmin(t.app);
    const room = await createRoom(t.app, admin, (await createProperty(t.app, admin, { name: 'Villa Retention' })).id);
    const old = await registerUser(t.app, { first_name: 'Olga' });
    const recent = await registerUser(t.app, { first_name: 'Rita' });
    const failing = await registerUser(t.app, { first_name: 'Fay' });
    const waiting = await registerUser(t.app, { first_name: 'Wim' });
    for (const [guest, day] of [[old, 10], [recent, 20], [failing, 30], [waiting, 40]] as const) {
      expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(day), end_date: siteDate(day + 7) })).statusCode).toBe(201);
    }
    await age(old.user.id, 'booking_confirmation', 'sent', 31);
    await age(recent.user.id, 'booking_confirmation', 'sent', 29);
    await age(failing.user.id, 'booking_confirmation', 'failed', 31);
    await age(waiting.user.id, 'booking_confirmation', 'pending', 31);
    await t.app.db.execute(sql`update outbox_messages set last_error = 'mailbox ' || recipient || ' unknown' where user_id = ${failing.user.id}`);

    const report = await t.app.housekeeping.run();
    expect(report.messagesErased).toBe(2);
    expect(report.outboxMessages).toBe(0);

    const [erased] = (await messagesAbout(t.app.db, old.user.id)).filter((m) => m.channel === 'email');
    expect(erased).toMatchObject({ recipient: null, status: 'sent', erased_at: expect.anything() });
    expect(erased!.payload).toEqual({ booking_id: expect.any(String), property_name: 'Villa Retention', room_number: room.room_number });
    const [gaveUp] = (await messagesAbout(t.app.db, failing.user.id)).filter((m) => m.channel === 'email');
    expect(gaveUp).toMatchObject({ recipient: null, status: 'failed', erased_at: expect.anything() });
    const errors = await queryRows<{ last_error: string | null }>(t.app.db, sql`select last_error from outbox_messages where user_id = ${failing.user.id}`);
    expect(errors.every((row) => row.last_error === null)).toBe(true);
    for (const kept of [recent, waiting]) {
      const [message] = (await messagesAbout(t.app.db, kept.user.id)).filter((m) => m.channel === 'email');
      expect(message).toMatchObject({ recipient: kept.user.email, erased_at: null });
      expect(message!.payload).toHaveProperty('guest_name');
    }

    const exported = await exportOf(t.app, old.token);
    expect(exported.messages).toEqual([
      expect.objectContaining({ kind: 'booking_confirmation', subject: `Réservation confirmée : Villa Retention, chambre ${room.room_number}`, content_erased: true }),
    ]);
    // A second run has nothing left to erase.
    expect((await t.app.housekeeping.run()).messagesErased).toBe(0);
  });

  it('deletes reset links once used or expired, and keeps the ones that still work', async () => {
    const { user } = await registerUser(t.app);
    await t.app.db.execute(sql`insert into password_resets (user_id, token_hash, expires_at, used_at) values
      (${user.id}, 'used-link', now() + interval '50 minutes', now()),
      (${user.id}, 'expired-link', now() - interval '1 second', null),
      (${user.id}, 'live-link', now() + interval '1 hour', null)`);
    expect((await t.app.housekeeping.run()).passwordResets).toBe(2);
    const left = await queryRows<{ token_hash: string }>(t.app.db, sql`select token_hash from password_resets where user_id = ${user.id}`);
    expect(left.map((row) => row.token_hash)).toEqual(['live-link']);
  });
});
