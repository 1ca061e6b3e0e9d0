import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANONYMISED_NAME, anonymisedEmail, type AccountDeletion, type AuthResponse, type Booking } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bearer, book, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused, insertBooking } from '../support.ts';
import { bookingRow, usePaymentsWorld } from '../payments/payments-support.ts';
import { paidByCard, paymentIntentOf, roomAt } from '../cancellation/cancellation-support.ts';
import { deleteAccount, exportOf, login, markAllSent, messagesAbout, userRow } from './privacy-support.ts';

describe('DELETE /auth/me: a guest deletes their account', () => {
  const w = usePaymentsWorld();

  const refundedOn = (bookingId: string) =>
    w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, bookingId) && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);

  it('refuses a wrong or missing password and changes nothing', async () => {
    const guest = await registerUser(w.app);
    await expectRefused(w.db, () => deleteAccount(w.app, guest.token, { current_password: 'not-my-password' }), 401, 'wrong_password');
    await expectRefused(w.db, () => deleteAccount(w.app, guest.token, {}), 400, 'validation_error');
    await expectRefused(w.db, () => deleteAccount(w.app, guest.token, { current_password: '' }), 400, 'validation_error');
    await expectRefused(w.db, () => w.app.inject({ method: 'DELETE', url: '/api/auth/me', payload: { current_password: 'secret123' } }), 401, 'unauthorized');
    // The session still works: a wrong password is not an expired session.
    expect((await w.app.inject({ url: '/api/auth/me', headers: bearer(guest.token) })).statusCode).toBe(200);
  });

  it('cancels upcoming stays by their terms (refunds through the provider), keeps begun and past ones without name or e-mail, anonymises the account, ends every session, frees the e-mail', async () => {
    const guest = await registerUser(w.app, { first_name: 'Dora', name: 'Leaving', phone: '+32 470 55 66 77', birth_place: 'Liège' });
    const email = guest.user.email;
    const second = (await login(w.app, email, 'secret123')).json<AuthResponse>();
    const room = await roomAt(w, 350);
    const otherRoom = await roomAt(w, 350);
    const earlyPaid = await paidByCard(w, room, 40, guest.token); // free cancellation: 350 € back
    const latePaid = await paidByCard(w, otherRoom, 10, guest.token); // within 14 days: 50 %, 175 € back
    const onSite = (await book(w.app, guest.token, { room_id: room.id, start_date: siteDate(60), end_date: siteDate(67) })).json<Booking>();
    const past = await insertBooking(w.db, { roomId: room.id, userId: guest.user.id, startDate: siteDate(-20), endDate: siteDate(-13), userName: 'Dora Leaving', userEmail: email });
    const current = await insertBooking(w.db, { roomId: otherRoom.id, userId: guest.user.id, startDate: siteDate(-2), endDate: siteDate(3), userName: 'Dora Leaving', userEmail: email });
    await w.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await markAllSent(w.db);
    expectError(await login(w.app, email, 'a-wrong-guess'), 401, 'invalid_credentials');
    // A reset link asked for just before, not sent yet: given up with the account.
    const { reset_token: resetToken } = (await w.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).json<{ reset_token: string }>();

    const response = await deleteAccount(w.app, guest.token, { current_password: 'secret123' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountDeletion>()).toEqual({ cancelled_bookings: 3, refund_amount: 525 });
    // No attempt counter names the account any more (there were: a failed login, reset requests, password checks).
    const counters = await queryRows<{ key: string }>(w.db, sql`select key from rate_limits where strpos(key, ${email}) > 0 or strpos(key, ${guest.user.id}) > 0`);
    expect(counters).toEqual([]);

    // Upcoming stays: cancelled as the guest would, refunds sent by the normal path.
    for (const id of [earlyPaid.id, latePaid.id, onSite.id]) expect(await bookingRow(w.db, id)).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(refundedOn(earlyPaid.id)).toBe(35_000);
    expect(refundedOn(latePaid.id)).toBe(17_500);
    // Begun and past stays are kept as they were, nights and money included.
    expect(await bookingRow(w.db, past)).toMatchObject({ status: 'confirmed', totalCents: 35_000 });
    expect(await bookingRow(w.db, current)).toMatchObject({ status: 'confirmed', startDate: siteDate(-2) });
    const anonymous = anonymisedEmail(guest.user.id);
    const all = await queryRows<{ user_name: string; user_email: string }>(w.db, sql`select user_name, user_email from bookings where user_id = ${guest.user.id}`);
    expect(all).toHaveLength(5);
    expect(all.every((b) => b.user_name === ANONYMISED_NAME && b.user_email === anonymous)).toBe(true);

    // The account: anonymised, not deleted (its bookings point to it).
    const row = await userRow(w.db, guest.user.id);
    expect(row).toMatchObject({ name: ANONYMISED_NAME, firstName: null, email: anonymous, birthDate: null, birthPlace: null, phone: null, role: 'client' });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.passwordHash.startsWith('scrypt$')).toBe(false);

    // Every session ends; the old credentials and the reset link open nothing; the e-mail is free again.
    for (const token of [guest.token, second.token]) expectError(await w.app.inject({ url: '/api/auth/me', headers: bearer(token) }), 401, 'invalid_token');
    expectError(await login(w.app, email, 'secret123'), 401, 'invalid_credentials');
    expectError(await login(w.app, anonymous, 'secret123'), 401, 'invalid_credentials');
    expectError(
      await w.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, new_password: 'taken-over-1' } }),
      400,
      'invalid_reset_token',
    );
    const resets = await queryRows<{ n: number }>(w.db, sql`select count(*)::int as n from password_resets where user_id = ${guest.user.id}`);
    expect(resets[0]!.n).toBe(0);
    const recover = (await w.app.inject({ method: 'POST', url: '/api/auth/recover-email', payload: { hint: 'Deleted' } })).json<{ results: unknown[] }>();
    expect(recover.results).toEqual([]);
    const again = await registerUser(w.app, { email });
    expect(again.user.id).not.toBe(guest.user.id);
    expect((await exportOf(w.app, again.token)).bookings).toEqual([]);

    // Messages: those already sent are erased; the cancellation e-mails still go to the guest, then are erased in turn.
    const messages = await messagesAbout(w.db, guest.user.id);
    const sent = messages.filter((m) => m.status === 'sent');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.recipient === null && m.erased_at !== null && !('guest_name' in m.payload) && !('guest_email' in m.payload))).toBe(true);
    const cancellations = messages.filter((m) => m.kind === 'booking_cancelled');
    expect(cancellations.map((m) => [m.status, m.recipient])).toEqual([
      ['pending', email],
      ['pending', email],
      ['pending', email],
    ]);
    expect(messages.filter((m) => m.kind === 'password_reset').map((m) => [m.status, m.recipient])).toEqual([
      ['sent', null],
      ['failed', null],
    ]);
    // The owner finds no trace of the name or e-mail in the admin's search.
    const search = await w.app.inject({ url: `/api/admin/bookings?q=${encodeURIComponent(email)}`, headers: bearer(w.admin) });
    expect(search.json<Booking[]>().filter((b) => b.room_id === room.id || b.room_id === otherRoom.id)).toEqual([]);
  });

  it('two deletions of one account at once cancel and refund each stay once', async () => {
    const guest = await registerUser(w.app);
    const room = await roomAt(w, 350);
    const paid = await paidByCard(w, room, 30, guest.token);
    const [first, secondCall] = await Promise.all([
      deleteAccount(w.app, guest.token, { current_password: 'secret123' }),
      deleteAccount(w.app, guest.token, { current_password: 'secret123' }),
    ]);
    const answers = [first, secondCall].map((r) => r.statusCode);
    // The later one either finds the session already ended (401) or finds nothing left to cancel (200, 0 bookings).
    expect(answers).toContain(200);
    const deletions = [first, secondCall].filter((r) => r.statusCode === 200).map((r) => r.json<AccountDeletion>());
    expect(deletions.reduce((sum, d) => sum + d.cancelled_bookings, 0)).toBe(1);
    expect(refundedOn(paid.id)).toBe(35_000);
    expect((await userRow(w.db, guest.user.id)).deletedAt).toBeInstanceOf(Date);
  });
});
