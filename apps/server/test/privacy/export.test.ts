import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AccountExport, type Booking, type User } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bearer, book, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused, insertBooking } from '../support.ts';
import { usePaymentsWorld } from '../payments/payments-support.ts';
import { cancelBooking, paidByCard, roomAt } from '../cancellation/cancellation-support.ts';
import { exportData, exportOf, guestExport, markAllSent, textOf } from './privacy-support.ts';

describe('GET /auth/me/export: everything held about the account, and nothing of anyone else', () => {
  const w = usePaymentsWorld();

  it("holds the profile, every booking with its payments and refunds, and the messages sent to the account — none of another guest's", async () => {
    const me = await registerUser(w.app, { first_name: 'Alma', name: 'Exporter', phone: '+32 470 11 22 33', birth_place: 'Namur' });
    const other = await registerUser(w.app, { first_name: 'Otto', name: 'Stranger', phone: '+33 6 99 88 77 66', birth_place: 'Marseille' });
    const room = await roomAt(w, 350);
    const onSite = (await book(w.app, me.token, { room_id: room.id, start_date: siteDate(40), end_date: siteDate(47) })).json<Booking>();
    const paid = await paidByCard(w, room, 60, me.token);
    // Cancelled 46 days ahead: free cancellation, everything refunded through the fake Stripe.
    expect((await cancelBooking(w.app, me.token, paid.id)).json<Booking>()).toMatchObject({ status: 'cancelled', refund_amount: 350 });
    const past = await insertBooking(w.db, { roomId: room.id, userId: me.user.id, startDate: siteDate(-30), endDate: siteDate(-23), userName: 'Alma Exporter', userEmail: me.user.email });
    const theirs = (await book(w.app, other.token, { room_id: room.id, start_date: siteDate(80), end_date: siteDate(87) })).json<Booking>();
    await w.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: me.user.email } });
    await w.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: other.user.email } });
    await markAllSent(w.db);

    const response = await exportData(w.app, me.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="roomweek-my-data-${siteDate(0).slice(0, 4)}-\\d\\d-\\d\\d\\.json"$`));
    const data = response.json<AccountExport>();

    const profile = (await w.app.inject({ url: '/api/auth/me', headers: bearer(me.token) })).json<User>();
    expect(data.profile).toEqual({ ...profile, created_at: expect.any(String), anonymised_at: null });
    expect(data.profile).toMatchObject({ first_name: 'Alma', name: 'Exporter', phone: '+32 470 11 22 33', birth_place: 'Namur', birth_date: '1990-05-04' });
    expect(data.bookings.map((b) => b.id).sort()).toEqual([onSite.id, paid.id, past].sort());
    const card = data.bookings.find((b) => b.id === paid.id)!;
    expect(card).toMatchObject({ status: 'cancelled', paid_amount: 350, refund_amount: 350, user_email: me.user.email });
    expect(card.payments).toEqual([{ provider: 'stripe', status: 'paid', amount: 350, created_at: expect.any(String) }]);
    expect(card.refunds).toEqual([{ provider: 'stripe', amount: 350, status: 'succeeded', reason: 'cancellation', created_at: expect.any(String) }]);
    expect(data.bookings.find((b) => b.id === onSite.id)).toMatchObject({ payments: [], refunds: [], status: 'confirmed' });

    // The guest's own e-mails only: two confirmations, a cancellation, the reset link; never the owner's WhatsApp alerts.
    expect(data.messages.map((m) => [m.channel, m.kind]).sort()).toEqual(
      [
        ['email', 'booking_cancelled'],
        ['email', 'booking_confirmation'],
        ['email', 'booking_confirmation'],
        ['email', 'password_reset'],
      ].sort(),
    );
    expect(data.messages.every((m) => m.status === 'sent' && m.sent_at !== null && !m.content_erased)).toBe(true);
    // Subjects as the e-mails had them, in the account's language (French by default).
    const subjectOf = (kind: string) => data.messages.find((m) => m.kind === kind)?.subject;
    expect(subjectOf('booking_cancelled')).toBe(`Réservation annulée : Test House, chambre ${room.room_number}`);
    expect(subjectOf('booking_confirmation')).toBe(`Réservation confirmée : Test House, chambre ${room.room_number}`);
    expect(subjectOf('password_reset')).toMatch(/mot de passe/);

    // Nothing of the other guest anywhere in the file, and no secret of the account's.
    const text = textOf(data);
    for (const value of [other.user.id, other.user.email, 'Otto', 'Stranger', 'Marseille', '+33 6 99 88 77 66', theirs.id]) expect(text).not.toContain(value);
    for (const secret of ['password_hash', 'passwordHash', 'token_version', 'scrypt$', 'reset-password?token']) expect(text).not.toContain(secret);
  });

  it('an admin exports a guest for them: the same file, under a name of its own; a client may not, nor for an unknown or admin id', async () => {
    const guest = await registerUser(w.app);
    const room = await roomAt(w, 200);
    await book(w.app, guest.token, { room_id: room.id, start_date: siteDate(20), end_date: siteDate(27) });
    const own = await exportOf(w.app, guest.token);
    const response = await guestExport(w.app, w.admin, guest.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="roomweek-guest-${guest.user.id.slice(0, 8)}-`));
    const { exported_at: _at, ...forAdmin } = response.json<AccountExport>();
    const { exported_at: _own, ...mine } = own;
    expect(forAdmin).toEqual(mine);

    await expectRefused(w.db, () => guestExport(w.app, guest.token, guest.user.id), 403, 'forbidden');
    await expectRefused(w.db, () => guestExport(w.app, w.admin, '00000000-0000-4000-8000-000000000000'), 404, 'guest_not_found');
    const [admin] = await queryRows<{ id: string }>(w.db, sql`select id from users where role = 'admin'`);
    await expectRefused(w.db, () => guestExport(w.app, w.admin, admin!.id), 404, 'guest_not_found');
    await expectRefused(w.db, () => guestExport(w.app, w.admin, 'not-a-uuid'), 400, 'validation_error');
  });

  it('needs a session, and allows 5 exports a minute per account (429 with Retry-After), counted apart for each account', async () => {
    expectError(await w.app.inject({ url: '/api/auth/me/export' }), 401, 'unauthorized');
    expectError(await exportData(w.app, 'not-a-token'), 401, 'invalid_token');
    const busy = await registerUser(w.app);
    const calm = await registerUser(w.app);
    for (let i = 0; i < 5; i++) expect((await exportData(w.app, busy.token)).statusCode).toBe(200);
    const refused = await exportData(w.app, busy.token);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await exportData(w.app, calm.token)).statusCode).toBe(200);
  });
});
