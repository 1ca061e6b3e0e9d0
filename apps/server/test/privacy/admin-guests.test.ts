import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_NAME, type AccountDeletion, type AuthResponse, type Guest } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bearer, book, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';
import { bookingRow, paymentsWorld, type PaymentsWorld } from '../payments/payments-support.ts';
import { paidByCard, paymentIntentOf, roomAt } from '../cancellation/cancellation-support.ts';
import { anonymiseGuest, deleteAccount, guests, login, userRow } from './privacy-support.ts';

const ADMIN_PASSWORD = 'admin123';

describe('the admin and personal data: guests, anonymising on request, the last admin', () => {
  let w: PaymentsWorld;
  let adminId: string;
  beforeAll(async () => {
    w = await paymentsWorld();
    [{ id: adminId }] = (await queryRows<{ id: string }>(w.db, sql`select id from users where role = 'admin'`)) as [{ id: string }];
  });
  afterAll(() => w.close());

  it("anonymises a guest on request with the admin's password: upcoming stays cancelled with everything refunded", async () => {
    const guest = await registerUser(w.app, { first_name: 'Gina', name: 'Requester' });
    const room = await roomAt(w, 350);
    // 10 days ahead: the guest's own terms would give back half; the admin's cancel gives back everything.
    const paid = await paidByCard(w, room, 10, guest.token);
    const onSite = await book(w.app, guest.token, { room_id: room.id, start_date: siteDate(50), end_date: siteDate(57) });

    await expectRefused(w.db, () => anonymiseGuest(w.app, w.admin, guest.user.id, { current_password: 'not-the-admin-password' }), 401, 'wrong_password');
    await expectRefused(w.db, () => anonymiseGuest(w.app, guest.token, guest.user.id, { current_password: 'secret123' }), 403, 'forbidden');
    await expectRefused(w.db, () => anonymiseGuest(w.app, w.admin, '00000000-0000-4000-8000-000000000000', { current_password: ADMIN_PASSWORD }), 404, 'guest_not_found');
    // Admins leave by their own deletion, never from the guests screen.
    await expectRefused(w.db, () => anonymiseGuest(w.app, w.admin, adminId, { current_password: ADMIN_PASSWORD }), 404, 'guest_not_found');

    const response = await anonymiseGuest(w.app, w.admin, guest.user.id, { current_password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountDeletion>()).toEqual({ cancelled_bookings: 2, refund_amount: 350 });
    expect(await bookingRow(w.db, paid.id)).toMatchObject({ status: 'cancelled', cancelReason: 'admin', refundedCents: 35_000, userName: ANONYMISED_NAME });
    expect(await bookingRow(w.db, onSite.json<{ id: string }>().id)).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });
    expect(w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, paid.id)).map((r) => r.amount)).toEqual([35_000]);
    expect(await userRow(w.db, guest.user.id)).toMatchObject({ name: ANONYMISED_NAME, phone: null, birthDate: null });
    expectError(await w.app.inject({ url: '/api/auth/me', headers: bearer(guest.token) }), 401, 'invalid_token');
    // The admin's own session goes on.
    expect((await w.app.inject({ url: '/api/auth/me', headers: bearer(w.admin) })).statusCode).toBe(200);

    // Doing it again finds nothing left to do.
    const again = await anonymiseGuest(w.app, w.admin, guest.user.id, { current_password: ADMIN_PASSWORD });
    expect(again.json<AccountDeletion>()).toEqual({ cancelled_bookings: 0, refund_amount: 0 });
  });

  it('lists client accounts newest first, searched by name, e-mail or phone, paged with X-Total-Count, anonymised ones as such', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const older = await registerUser(w.app, { name: `${marker}-older`, phone: '+32 499 00 00 01' });
    const newer = await registerUser(w.app, { name: `${marker}-newer` });
    const room = await roomAt(w, 100);
    expect((await book(w.app, older.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12) })).body).toMatch(/"status":"confirmed"/);
    const list = await guests(w.app, w.admin, `?q=${marker}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<Guest[]>()).toEqual([
      expect.objectContaining({ id: newer.user.id, name: `${marker}-newer`, bookings: 0, anonymised_at: null }),
      expect.objectContaining({ id: older.user.id, email: older.user.email, phone: '+32 499 00 00 01', bookings: 1, anonymised_at: null }),
    ]);
    expect((await guests(w.app, w.admin, '?q=499%2000%2000%2001')).json<Guest[]>().map((g) => g.id)).toEqual([older.user.id]);
    const page = await guests(w.app, w.admin, `?q=${marker}&limit=1&offset=1`);
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json<Guest[]>().map((g) => g.id)).toEqual([older.user.id]);
    // No admin in the list; an anonymised guest shows as such, found by nothing personal any more.
    const all = (await guests(w.app, w.admin, '?limit=1000')).json<Guest[]>();
    expect(all.some((g) => g.id === adminId)).toBe(false);
    await anonymiseGuest(w.app, w.admin, older.user.id, { current_password: ADMIN_PASSWORD });
    expect((await guests(w.app, w.admin, `?q=${marker}`)).json<Guest[]>().map((g) => g.id)).toEqual([newer.user.id]);
    const shown = (await guests(w.app, w.admin, '?limit=1000')).json<Guest[]>().find((g) => g.id === older.user.id);
    expect(shown).toMatchObject({ name: ANONYMISED_NAME, first_name: null, phone: null, bookings: 1, anonymised_at: expect.any(String) });
    expect(shown?.email).toMatch(/@deleted\.invalid$/);

    await expectRefused(w.db, () => guests(w.app, older.token), 401, 'invalid_token');
    await expectRefused(w.db, () => guests(w.app, newer.token), 403, 'forbidden');
    await expectRefused(w.db, () => guests(w.app, ''), 401, 'unauthorized');
  });

  it('the last admin cannot delete itself (409 last_admin); with a second admin one may go, and then not the other', async () => {
    await expectRefused(w.db, () => deleteAccount(w.app, w.admin, { current_password: ADMIN_PASSWORD }), 409, 'last_admin');
    // No call makes an admin (decision 0013): a second one is written in the database, as an operator would.
    const colleague = await registerUser(w.app, { password: 'colleague-pass-1' });
    await w.db.execute(sql`update users set role = 'admin' where id = ${colleague.user.id}`);
    const colleagueToken = (await login(w.app, colleague.user.email, 'colleague-pass-1')).json<AuthResponse>().token;

    const gone = await deleteAccount(w.app, colleagueToken, { current_password: 'colleague-pass-1' });
    expect(gone.statusCode).toBe(200);
    expect(await userRow(w.db, colleague.user.id)).toMatchObject({ role: 'client', name: ANONYMISED_NAME });
    await expectRefused(w.db, () => deleteAccount(w.app, w.admin, { current_password: ADMIN_PASSWORD }), 409, 'last_admin');
    expect((await w.app.inject({ url: '/api/auth/me', headers: bearer(w.admin) })).statusCode).toBe(200);
  });

  it('two admins deleting themselves at once: one goes, the other is the last and stays', async () => {
    const make = async (password: string) => {
      const account = await registerUser(w.app, { password });
      await w.db.execute(sql`update users set role = 'admin' where id = ${account.user.id}`);
      return { id: account.user.id, token: (await login(w.app, account.user.email, password)).json<AuthResponse>().token, password };
    };
    // The bootstrap admin stays out of it: make it not an admin for this test, then put it back.
    await w.db.execute(sql`update users set role = 'client' where id = ${adminId}`);
    try {
      const [a, b] = [await make('first-admin-pass'), await make('second-admin-pass')];
      const answers = await Promise.all([a, b].map((admin) => deleteAccount(w.app, admin.token, { current_password: admin.password })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'last_admin' });
      const live = await queryRows<{ n: number }>(w.db, sql`select count(*)::int as n from users where role = 'admin' and deleted_at is null`);
      expect(live[0]!.n).toBe(1);
    } finally {
      await w.db.execute(sql`update users set role = 'admin' where id = ${adminId}`);
    }
  });
});
