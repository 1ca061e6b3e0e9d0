import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, type AuthResponse, type Booking, type Timeline } from '@roomweek/contract';
import { bookings, users } from '../../src/db/schema.ts';
import { bearer, book, createProperty, createRoom, loginAdmin, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused, insertBooking } from '../support.ts';
import { appWithMail, outboxRows, registerGuest } from '../notifications/outbox-support.ts';

// POST /api/admin/bookings: a stay the owner takes by phone or e-mail (issue 26 item 5, docs/decisions/0032).

describe('bookings the owner enters', () => {
  const mail = appWithMail();
  let admin: string;
  let propertyId: string;
  /** Takes 2, no stay rules, 350 € a week. */
  let roomId: string;
  let day = 10;
  /** A stay of a week no other test uses. */
  const nextStay = (room = roomId) => {
    day += 8;
    return { room_id: room, start_date: siteDate(day), end_date: siteDate(day + 7) };
  };
  const guest = (suffix = crypto.randomUUID().slice(0, 8)) => ({ guest_email: `phone-${suffix}@example.com`, guest_name: 'Ana Lopes' });
  const enter = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin)) =>
    mail.t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers, payload });
  const userCount = async () => (await mail.t.app.db.select({ id: users.id }).from(users)).length;

  beforeAll(async () => {
    admin = await loginAdmin(mail.t.app);
    propertyId = (await createProperty(mail.t.app, admin, { name: 'Casa Azul' })).id;
    roomId = (await createRoom(mail.t.app, admin, propertyId, { max_guests: 2 })).id;
  });

  it('is for admins only: no token 401, a client 403, nothing written', async () => {
    const client = await registerUser(mail.t.app);
    const payload = { ...nextStay(), ...guest() };
    await expectRefused(mail.t.app.db, () => enter(payload, {}), 401, 'unauthorized');
    await expectRefused(mail.t.app.db, () => enter(payload, bearer(client.token)), 403, 'forbidden');
    await expectRefused(mail.t.app.db, () => enter({ ...payload, guest_email: client.user.email }, bearer(client.token)), 403, 'forbidden');
  });

  it('refuses malformed input with 400 and writes nothing', async () => {
    const good = { ...nextStay(), ...guest() };
    const bad: Record<string, unknown>[] = [
      {},
      { ...good, room_id: 'not-a-uuid' },
      { ...good, room_id: 42 },
      { ...good, start_date: 'tomorrow' },
      { ...good, adults: 'two' },
      { ...good, adults: 0 },
      { ...good, adults: 1.5 },
      { ...good, adults: 1e9 },
      { ...good, children: -1 },
      { ...good, children: null },
      { ...good, guest_email: 'not an e-mail' },
      { ...good, guest_email: `${'a'.repeat(250)}@example.com` },
      { ...good, guest_email: undefined },
      { ...good, guest_name: '   ' },
      { ...good, guest_name: 'x'.repeat(101) },
      { ...good, guest_name: { first: 'Ana' } },
      { ...good, payment_method: 'stripe' },
      { ...good, note: 'n'.repeat(1001) },
      { ...good, note: 'n'.repeat(1_000_000) },
      { ...good, ignore_rules: 'yes' },
      { ...good, guest_language: 'de' },
      { ...good, guest_language: ['pt'] },
    ];
    for (const payload of bad) await expectRefused(mail.t.app.db, () => enter(payload), 400, 'validation_error');
  });

  it('refuses an unknown or archived room (404), a departure before the arrival and a party the room cannot take (400)', async () => {
    const stay = nextStay();
    await expectRefused(mail.t.app.db, () => enter({ ...stay, ...guest(), room_id: crypto.randomUUID() }), 404, 'room_not_found');
    const archived = await createRoom(mail.t.app, admin, propertyId);
    expect((await mail.t.app.inject({ method: 'DELETE', url: `/api/rooms/${archived.id}`, headers: bearer(admin) })).statusCode).toBe(204);
    await expectRefused(mail.t.app.db, () => enter({ ...stay, ...guest(), room_id: archived.id }), 404, 'room_not_found');
    await expectRefused(mail.t.app.db, () => enter({ ...stay, ...guest(), start_date: stay.end_date, end_date: stay.start_date }), 400, 'invalid_dates');
    await expectRefused(mail.t.app.db, () => enter({ ...stay, ...guest(), end_date: stay.start_date }), 400, 'invalid_dates');
    const crowd = await expectRefused(mail.t.app.db, () => enter({ ...stay, ...guest(), adults: 2, children: 1 }), 400, 'too_many_guests');
    expect(crowd.json().field).toBe('adults');
    await expectRefused(mail.t.app.db, () => enter({ ...stay, ...guest(), adults: 3 }), 400, 'too_many_guests');
    // Exactly the capacity fits.
    const full = await enter({ ...stay, ...guest(), adults: 1, children: 1 });
    expect(full.statusCode).toBe(201);
    expect(full.json<Booking>()).toMatchObject({ adults: 1, children: 1 });
  });

  it('clashes (409 room_unavailable) with a booking, a running hold and a block, and not with the nights around them', async () => {
    const client = await registerUser(mail.t.app);
    const booked = nextStay();
    expect((await book(mail.t.app, client.token, booked)).statusCode).toBe(201);
    await expectRefused(mail.t.app.db, () => enter({ ...booked, ...guest() }), 409, 'room_unavailable');
    // Overlapping by one night only.
    await expectRefused(mail.t.app.db, () => enter({ ...booked, ...guest(), start_date: siteDate(day + 6), end_date: siteDate(day + 13) }), 409, 'room_unavailable');

    const held = nextStay();
    await insertBooking(mail.t.app.db, { roomId, userId: client.user.id, ...dates(held), status: 'pending', paymentMethod: 'stripe', holdExpiresAt: new Date(Date.now() + 600_000) });
    await expectRefused(mail.t.app.db, () => enter({ ...held, ...guest() }), 409, 'room_unavailable');

    const blocked = nextStay();
    const block = await mail.t.app.inject({ method: 'POST', url: `/api/admin/rooms/${roomId}/blocks`, headers: bearer(admin), payload: { start_date: blocked.start_date, end_date: blocked.end_date } });
    expect(block.statusCode).toBe(201);
    await expectRefused(mail.t.app.db, () => enter({ ...blocked, ...guest() }), 409, 'room_unavailable');

    // The week right after the booking (its departure day is free) and a hold that ran out do not clash.
    expect((await enter({ ...guest(), room_id: roomId, start_date: booked.end_date, end_date: held.start_date })).statusCode).toBe(201);
    const expired = nextStay();
    await insertBooking(mail.t.app.db, { roomId, userId: client.user.id, ...dates(expired), status: 'pending', paymentMethod: 'stripe', holdExpiresAt: new Date(Date.now() - 60_000) });
    expect((await enter({ ...expired, ...guest() })).statusCode).toBe(201);
  });

  it('lets one of two owners entering the same nights at once have them', async () => {
    const stay = nextStay();
    const answers = await Promise.all([enter({ ...stay, ...guest() }), enter({ ...stay, ...guest() })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expectError(answers.find((answer) => answer.statusCode === 409)!, 409, 'room_unavailable');
  });

  it('keeps the room stay rules unless told to set them aside; the price is the server quote either way', async () => {
    const strict = await createRoom(mail.t.app, admin, propertyId, { price_per_week: 700, rules: { changeover_days: [6], min_nights: 14 } });
    const saturday = nextSaturday(day + 10);
    day += 40;
    const short = { room_id: strict.id, start_date: saturday, end_date: addDays(saturday, 3) };
    const refused = await expectRefused(mail.t.app.db, () => enter({ ...short, ...guest() }), 400, 'changeover_day');
    expect(refused.json().field).toBe('end_date');
    const sunday = await expectRefused(mail.t.app.db, () => enter({ ...short, ...guest(), start_date: addDays(saturday, 1), end_date: addDays(saturday, 8) }), 400, 'changeover_day');
    expect(sunday.json().field).toBe('start_date');
    await expectRefused(mail.t.app.db, () => enter({ ...short, ...guest(), end_date: addDays(saturday, 7) }), 400, 'stay_too_short');
    const ignored = await enter({ ...short, ...guest(), ignore_rules: true });
    expect(ignored.statusCode).toBe(201);
    // A stay shorter than a week is charged a week (quote.ts): the client sends no price.
    expect(ignored.json<Booking>()).toMatchObject({ total_price: 700, status: 'confirmed', source: 'admin' });
    const kept = await enter({ ...guest(), room_id: strict.id, start_date: addDays(saturday, 7), end_date: addDays(saturday, 21), total_price: 1 });
    expect(kept.statusCode).toBe(201);
    expect(kept.json<Booking>().total_price).toBe(1400);
  });

  it('records a stay already over: confirmed, no message at all (not even to a new guest), its account made', async () => {
    const before = await userCount();
    const past = { room_id: roomId, start_date: siteDate(-400), end_date: siteDate(-393) };
    const email = `Past.Guest-${crypto.randomUUID().slice(0, 6)}@Example.com`;
    const response = await enter({ ...past, guest_email: email, guest_name: 'Old Friend', adults: 2, note: 'Paid cash in 2025' });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking).toMatchObject({ status: 'confirmed', payment_method: 'on_site', source: 'admin', adults: 2, children: 0, user_email: email.toLowerCase(), user_name: 'Old Friend' });
    expect(await outboxRows(mail.t.app.db)).toEqual([]);
    expect(await userCount()).toBe(before + 1);
    const [row] = await mail.t.app.db.select({ note: bookings.adminNote, source: bookings.source }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toEqual({ note: 'Paid cash in 2025', source: 'admin' });
    // Its nights are taken like any others'.
    await expectRefused(mail.t.app.db, () => enter({ ...past, ...guest() }), 409, 'room_unavailable');
  });

  it('opens an account for a new guest, which gets the e-mail to choose its password (in French) and the confirmation', async () => {
    const before = await userCount();
    const { guest_email } = guest();
    const response = await enter({ ...nextStay(), guest_email, guest_name: 'Ana Lopes', adults: 1, children: 1, note: 'Called on Monday' });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking).toMatchObject({ status: 'confirmed', source: 'admin', adults: 1, children: 1, user_name: 'Ana Lopes', user_email: guest_email });
    expect(await userCount()).toBe(before + 1);
    const [account] = await mail.t.app.db.select().from(users).where(eq(users.email, guest_email));
    expect(account).toMatchObject({ role: 'client', name: 'Ana Lopes', emailVerified: false, language: 'fr' });

    const kinds = (await outboxRows(mail.t.app.db)).map((row) => [row.kind, row.recipient === guest_email]);
    expect(kinds).toEqual(expect.arrayContaining([['account_invitation', true], ['booking_confirmation', true], ['admin_booking_alert', false]]));
    // The owner's timeline shows the party and the source.
    const timeline = await mail.t.app.inject({ method: 'GET', url: `/api/admin/timeline?start=${booking.start_date}&days=7`, headers: bearer(admin) });
    expect(timeline.json<Timeline>().bookings.find((stay) => stay.id === booking.id)).toMatchObject({ adults: 1, children: 1, source: 'admin' });

    await mail.t.app.outboxDispatcher.runOnce();
    const invitation = mail.smtp.received.find((mail) => mail.subject.startsWith('Votre séjour est réservé'));
    expect(invitation, mail.smtp.received.map((mail) => mail.subject).join(' | ')).toBeDefined();
    expect(invitation!.to).toEqual([guest_email]);
    const token = /reset-password\?token=([\w-]+)/.exec(invitation!.text)?.[1];
    expect(token).toBeDefined();
    // No password works until the guest chooses one through the link.
    expectError(await mail.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: guest_email, password: 'secret123' } }), 401, 'invalid_credentials');
    const reset = await mail.t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: 'chosen-pass-1' } });
    expect(reset.statusCode).toBeLessThan(300);
    const login = await mail.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: guest_email, password: 'chosen-pass-1' } });
    expect(login.statusCode).toBe(200);
    // The link came to that mailbox: the address counts as proved, nobody asks the guest to prove it again.
    expect(login.json<AuthResponse>().user.email_verified).toBe(true);
    const mine = await mail.t.app.inject({ method: 'GET', url: '/api/bookings', headers: bearer(login.json<AuthResponse>().token) });
    expect(mine.json<Booking[]>().map((b) => [b.id, b.adults, b.children, b.source])).toEqual([[booking.id, 1, 1, 'admin']]);
  });

  it('opens a new guest\'s account in the language the owner chose: its invitation and confirmation in Portuguese', async () => {
    const { guest_email } = guest();
    const response = await enter({ ...nextStay(), guest_email, guest_name: 'Ana Lopes', guest_language: 'pt' });
    expect(response.statusCode).toBe(201);
    const [account] = await mail.t.app.db.select().from(users).where(eq(users.email, guest_email));
    expect(account?.language).toBe('pt');
    const mine = (await outboxRows(mail.t.app.db)).filter((row) => row.recipient === guest_email);
    expect(mine.map((row) => [row.kind, row.language]).sort()).toEqual([['account_invitation', 'pt'], ['booking_confirmation', 'pt']]);
  });

  it("books for the account of that e-mail whatever its case: no new account, no password e-mail, the guest's language", async () => {
    const known = await registerGuest(mail.t.app, 'pt');
    const before = await userCount();
    // The language the owner picked is for a new account only: this one keeps its own.
    const response = await enter({ ...nextStay(), guest_email: known.user.email.toUpperCase(), guest_name: 'Someone Else', guest_language: 'en' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Booking>()).toMatchObject({ user_email: known.user.email, user_name: 'Marie Dupont', source: 'admin' });
    expect(await userCount()).toBe(before);
    const rows = await outboxRows(mail.t.app.db);
    expect(rows.some((row) => row.kind === 'account_invitation')).toBe(false);
    expect(rows.find((row) => row.kind === 'booking_confirmation')?.language).toBe('pt');
    // The admin's list shows it with its source.
    const list = await mail.t.app.inject({ method: 'GET', url: '/api/admin/bookings', headers: bearer(admin) });
    expect(list.json<Booking[]>().find((b) => b.id === response.json<Booking>().id)?.source).toBe('admin');
  });
});

const dates = (stay: { start_date: string; end_date: string }) => ({ startDate: stay.start_date, endDate: stay.end_date });

/** The first Saturday on or after today + `from` days. */
function nextSaturday(from: number): string {
  let date = siteDate(from);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
  return date;
}
