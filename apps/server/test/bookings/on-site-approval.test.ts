import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Booking } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';
import { SmtpSink } from '../fakes/smtp-sink.ts';
import { outboxRows, registerGuest } from '../notifications/outbox-support.ts';

// docs/decisions/0029-on-site-bookings-need-proof.md: on-site bookings wait for the owner when the setting says so.

describe('on-site bookings awaiting the owner', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let admin: string;
  let roomId: string;
  let day = 10;
  const nextStay = () => {
    day += 8;
    return { room_id: roomId, start_date: siteDate(day), end_date: siteDate(day + 7) };
  };
  const setApproval = (on: boolean, token = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/booking-settings', headers: bearer(token), payload: { on_site_requires_approval: on } });
  const answer = (id: string, verb: 'approve' | 'decline', payload?: object, token = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/bookings/${id}/${verb}`, headers: bearer(token), payload });
  const request = async (language = 'pt') => {
    const guest = await registerGuest(t.app, language);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...bearer(guest.token), 'accept-language': language },
      payload: { ...nextStay(), payment_method: 'on_site' },
    });
    expect(response.statusCode).toBe(201);
    return { guest, booking: response.json<Booking>() };
  };

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'RoomWeek <bookings@roomweek.test>' } });
    admin = await loginAdmin(t.app);
    const property = await createProperty(t.app, admin, { name: 'Casa Azul' });
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

  it('is off by default and set by the admin only', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/booking-settings', headers: bearer(admin) });
    expect(settings.json()).toEqual({ on_site_requires_approval: false });
    const client = await registerUser(t.app);
    expectError(await setApproval(true, client.token), 403, 'forbidden');
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/booking-settings', headers: bearer(client.token) }), 403, 'forbidden');
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/booking-settings' }), 401, 'unauthorized');
    for (const payload of [{}, { on_site_requires_approval: 'yes' }, { on_site_requires_approval: 1 }, { on_site_requires_approval: null }]) {
      await expectRefused(
        t.app.db,
        () => t.app.inject({ method: 'PUT', url: '/api/admin/booking-settings', headers: bearer(admin), payload }),
        400,
        'validation_error',
      );
    }
    // Off: on site is confirmed at once.
    const { booking } = await request('fr');
    expect(booking.status).toBe('confirmed');
  });

  it('a request waits without a hold, keeps its nights past the hold job, and the owner approves it: the guest is told in their language', async () => {
    expect((await setApproval(true)).json()).toEqual({ on_site_requires_approval: true });
    const { guest, booking } = await request('pt');
    expect(booking).toMatchObject({ status: 'pending', payment_method: 'on_site', hold_expires_at: null });
    const rows = await outboxRows(t.app.db);
    expect(rows.map((row) => [row.kind, row.language])).toEqual(
      expect.arrayContaining([
        ['booking_requested', 'pt'],
        ['admin_approval_request', 'fr'],
      ]),
    );
    expect(rows.some((row) => row.kind === 'booking_confirmation')).toBe(false);

    // Its nights are taken, and the hold job leaves it alone.
    await t.app.payments.reconciliation.releaseExpiredHolds();
    const availability = await t.app.inject({ method: 'GET', url: `/api/rooms/${roomId}/availability?start=${booking.start_date}&end=${booking.end_date}` });
    expect(availability.json().bookings).toEqual([{ start_date: booking.start_date, end_date: booking.end_date }]);
    const other = await registerUser(t.app);
    expectError(await book(t.app, other.token, { room_id: roomId, start_date: booking.start_date, end_date: booking.end_date, payment_method: 'stripe' }), 409, 'room_unavailable');
    const mine = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: bearer(guest.token) });
    expect(mine.json()).toEqual([expect.objectContaining({ id: booking.id, status: 'pending', payment_method: 'on_site' })]);

    const approved = await answer(booking.id, 'approve', { message: 'Até breve!' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: booking.id, status: 'confirmed' });
    await t.app.outboxDispatcher.runOnce();
    const confirmation = smtp.received.find((mail) => mail.subject.startsWith('Reserva confirmada'));
    expect(confirmation, smtp.received.map((mail) => mail.subject).join(' | ')).toBeDefined();
    expect(confirmation!.to).toEqual([guest.user.email]);
    expect(confirmation!.text).toContain('O proprietário aceitou o seu pedido');
    expect(confirmation!.text).toContain('Até breve!');
    const requested = smtp.received.find((mail) => mail.subject.startsWith('Pedido de reserva recebido'));
    expect(requested).toBeDefined();
    // The usual confirmation messages: the owner's WhatsApp alert too.
    expect((await outboxRows(t.app.db)).map((row) => row.kind)).toContain('admin_booking_alert');

    // Answered once.
    await expectRefused(t.app.db, () => answer(booking.id, 'approve'), 409, 'booking_not_awaiting_approval');
    await expectRefused(t.app.db, () => answer(booking.id, 'decline'), 409, 'booking_not_awaiting_approval');
  });

  it('the owner declines a request: cancelled with its reason, nights freed, the guest told in their language with the message', async () => {
    await setApproval(true);
    const { guest, booking } = await request('en');
    const declined = await answer(booking.id, 'decline', { message: 'Closed for works that week.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'declined', cancelled_by: 'admin' });
    await t.app.outboxDispatcher.runOnce();
    const mail = smtp.received.find((received) => received.subject.startsWith('Booking request declined'));
    expect(mail, smtp.received.map((received) => received.subject).join(' | ')).toBeDefined();
    expect(mail!.to).toEqual([guest.user.email]);
    expect(mail!.text).toContain('The owner could not accept your booking request');
    expect(mail!.text).toContain('Closed for works that week.');
    // Its nights are free again.
    const other = await registerUser(t.app);
    expect((await book(t.app, other.token, { room_id: roomId, start_date: booking.start_date, end_date: booking.end_date, payment_method: 'stripe' })).statusCode).toBe(201);
    await expectRefused(t.app.db, () => answer(booking.id, 'decline'), 409, 'booking_not_awaiting_approval');
  });

  it('refuses other roles, unknown ids, bookings that are not requests and hostile bodies', async () => {
    await setApproval(true);
    const { guest, booking } = await request('fr');
    await expectRefused(t.app.db, () => answer(booking.id, 'approve', undefined, guest.token), 403, 'forbidden');
    await expectRefused(t.app.db, () => answer(booking.id, 'decline', undefined, guest.token), 403, 'forbidden');
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/bookings/${booking.id}/approve` }), 401, 'unauthorized');
    await expectRefused(t.app.db, () => answer('00000000-0000-4000-8000-000000000000', 'approve'), 404, 'booking_not_found');
    await expectRefused(t.app.db, () => answer('00000000-0000-4000-8000-000000000000', 'decline'), 404, 'booking_not_found');
    await expectRefused(t.app.db, () => answer('not-an-id', 'approve'), 400, 'validation_error');
    await expectRefused(t.app.db, () => answer(booking.id, 'approve', { message: 'x'.repeat(1001) }), 400, 'validation_error');
    await expectRefused(t.app.db, () => answer(booking.id, 'decline', { message: 12 }), 400, 'validation_error');
    await expectRefused(t.app.db, () => answer(booking.id, 'decline', { message: ['a'] }), 400, 'validation_error');
    // A card hold is no request.
    const card = await book(t.app, guest.token, { ...nextStay(), payment_method: 'stripe' });
    await expectRefused(t.app.db, () => answer(card.json<Booking>().id, 'approve'), 409, 'booking_not_awaiting_approval');
    // Nor is a confirmed on-site booking made before the setting.
    await setApproval(false);
    const confirmed = await book(t.app, guest.token, nextStay());
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    await expectRefused(t.app.db, () => answer(confirmed.json<Booking>().id, 'approve'), 409, 'booking_not_awaiting_approval');
    // Requests already waiting still wait when the setting is turned off; the guest may cancel one.
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(guest.token) });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'user' });
  });

  it('a request cannot be paid another way while it waits; a card hold switched to on site becomes a request', async () => {
    await setApproval(true);
    const { guest, booking } = await request('fr');
    const stay = { room_id: roomId, start_date: booking.start_date, end_date: booking.end_date };
    await expectRefused(t.app.db, () => book(t.app, guest.token, { ...stay, payment_method: 'stripe' }), 409, 'booking_not_payable');
    const same = await book(t.app, guest.token, stay);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ id: booking.id, status: 'pending' });

    const hold = (await book(t.app, guest.token, { ...nextStay(), payment_method: 'stripe' })).json<Booking>();
    const switched = await book(t.app, guest.token, { room_id: roomId, start_date: hold.start_date, end_date: hold.end_date });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: hold.id, status: 'pending', payment_method: 'on_site', hold_expires_at: null });
    expect((await answer(hold.id, 'approve')).json()).toMatchObject({ status: 'confirmed' });
  });
});

describe('unpaid on-site nights per account', () => {
  let t: TestApp;
  let rooms: string[];

  beforeAll(async () => {
    t = await buildTestApp({ env: { MAX_UNPAID_NIGHTS_PER_USER: '10' } });
    const admin = await loginAdmin(t.app);
    const property = await createProperty(t.app, admin);
    rooms = [];
    for (let i = 0; i < 4; i++) rooms.push((await createRoom(t.app, admin, property.id)).id);
  });
  afterAll(async () => t.close());

  it('refuses an on-site booking that would bring the account past the cap; card bookings and cancelled stays do not count', async () => {
    const guest = await registerUser(t.app);
    const first = await book(t.app, guest.token, { room_id: rooms[0]!, start_date: siteDate(5), end_date: siteDate(12) });
    expect(first.statusCode).toBe(201);
    await expectRefused(
      t.app.db,
      () => book(t.app, guest.token, { room_id: rooms[1]!, start_date: siteDate(5), end_date: siteDate(9) }),
      409,
      'too_many_unpaid_nights',
    );
    // Up to the cap exactly.
    expect((await book(t.app, guest.token, { room_id: rooms[1]!, start_date: siteDate(5), end_date: siteDate(8) })).statusCode).toBe(201);
    expect((await book(t.app, guest.token, { room_id: rooms[2]!, start_date: siteDate(5), end_date: siteDate(19), payment_method: 'stripe' })).statusCode).toBe(201);
    // A card hold switched to on site counts as new unpaid nights.
    await expectRefused(
      t.app.db,
      () => book(t.app, guest.token, { room_id: rooms[2]!, start_date: siteDate(5), end_date: siteDate(19) }),
      409,
      'too_many_unpaid_nights',
    );
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/bookings/${first.json<Booking>().id}/cancel`, headers: bearer(guest.token) });
    expect(cancel.statusCode).toBe(200);
    expect((await book(t.app, guest.token, { room_id: rooms[3]!, start_date: siteDate(5), end_date: siteDate(12) })).statusCode).toBe(201);
  });

  it('parallel requests cannot pass the cap together', async () => {
    const guest = await registerUser(t.app);
    const answers = await Promise.all(
      rooms.map((room) => book(t.app, guest.token, { room_id: room, start_date: siteDate(40), end_date: siteDate(46) })),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((response) => response.statusCode === 409)) expectError(refused, 409, 'too_many_unpaid_nights');
  });

  it('admins are not capped', async () => {
    const admin = await loginAdmin(t.app);
    expect((await book(t.app, admin, { room_id: rooms[0]!, start_date: siteDate(60), end_date: siteDate(80) })).statusCode).toBe(201);
  });
});
