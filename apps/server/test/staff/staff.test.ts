import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { AuthResponse, Booking, TeamMember, TwoFactorSetupResponse } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { bearer, loginAdmin, registerUser, siteDate } from '../helper.ts';
import { appWithMail, createStay, outboxRows } from '../notifications/outbox-support.ts';
import { expectError, expectRefused, insertBooking } from '../support.ts';
import { signInStaff } from './staff-support.ts';

// Staff: invite, list, change a role, disable; the last active admin (issue 31 item 2, docs/decisions/0039).
describe('admins and staff', () => {
  const mail = appWithMail();
  const app = () => mail.t.app;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    app().inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const invite = (token: string | undefined, payload: unknown) => call('POST', '/api/admin/users', token, payload);
  const address = () => `team-${randomUUID().slice(0, 8)}@example.com`;

  it('invites a staff member, who chooses a password through the e-mailed link and signs in as staff', async () => {
    const admin = await loginAdmin(app());
    const email = address();
    const response = await invite(admin, { email: email.toUpperCase(), name: 'Chloé Martin', role: 'staff' });
    expect(response.statusCode).toBe(201);
    const member = response.json<TeamMember>();
    expect(member).toMatchObject({ email, name: 'Chloé Martin', role: 'staff', disabled: false, two_factor_enabled: false });
    expect((await outboxRows(app().db)).filter((row) => row.recipient === email).map((row) => row.kind)).toEqual(['staff_invitation']);

    await app().outboxDispatcher.runOnce();
    const message = mail.smtp.received.find((sent) => sent.to.includes(email));
    expect(message?.subject).toBe('Vous êtes invité à gérer RoomWeek : choisissez votre mot de passe');
    const token = /reset-password\?token=([\w-]+)/.exec(message!.text)?.[1];
    expect(token).toBeDefined();
    expect((await call('POST', '/api/auth/reset-password', undefined, { token, new_password: 'chosen-staff-1' })).statusCode).toBeLessThan(300);
    const login = await call('POST', '/api/auth/login', undefined, { email, password: 'chosen-staff-1' });
    expect(login.json<AuthResponse>().user).toMatchObject({ role: 'staff', is_admin: false });
    // The link works once.
    expectError(await call('POST', '/api/auth/reset-password', undefined, { token, new_password: 'again-staff-1' }), 400, 'invalid_reset_token');

    const list = (await call('GET', '/api/admin/users', admin)).json<TeamMember[]>();
    expect(list.find((row) => row.id === member.id)).toMatchObject({ role: 'staff' });
    expect(list.some((row) => row.role === 'admin')).toBe(true);
  });

  it('refuses a taken address, bad input, and everyone but an admin, changing nothing', async () => {
    const admin = await loginAdmin(app());
    const client = await registerUser(app());
    const staff = await signInStaff(app());
    const db = app().db;
    await expectRefused(db, () => invite(admin, { email: client.user.email, name: 'X', role: 'staff' }), 409, 'email_taken');
    for (const payload of [
      { email: address(), name: 'X', role: 'client' },
      { email: address(), name: 'X', role: 'owner' },
      { email: 'not-an-address', name: 'X', role: 'staff' },
      { email: address(), name: 'X'.repeat(101), role: 'staff' },
      { email: address(), name: '', role: 'staff' },
      { email: address(), name: 'X', role: 'staff', is_admin: true },
      { email: 42, name: ['X'], role: null },
    ]) {
      await expectRefused(db, () => invite(admin, payload), 400, 'validation_error');
    }
    const good = { email: address(), name: 'X', role: 'admin' };
    await expectRefused(db, () => invite(undefined, good), 401, 'unauthorized');
    await expectRefused(db, () => invite(client.token, good), 403, 'forbidden');
    await expectRefused(db, () => invite(staff.token, good), 403, 'forbidden');
    await expectRefused(db, () => call('PUT', `/api/admin/users/${staff.user.id}`, staff.token, { role: 'admin' }), 403, 'forbidden');
    await expectRefused(db, () => call('GET', '/api/admin/users', client.token), 403, 'forbidden');
    // A client's id, an unknown id, a malformed id, an empty change, a huge one.
    await expectRefused(db, () => call('PUT', `/api/admin/users/${client.user.id}`, admin, { role: 'staff' }), 404, 'user_not_found');
    await expectRefused(db, () => call('PUT', `/api/admin/users/${randomUUID()}`, admin, { disabled: true }), 404, 'user_not_found');
    await expectRefused(db, () => call('PUT', '/api/admin/users/12', admin, { disabled: true }), 400, 'validation_error');
    await expectRefused(db, () => call('PUT', `/api/admin/users/${staff.user.id}`, admin, {}), 400, 'validation_error');
    await expectRefused(db, () => call('PUT', `/api/admin/users/${staff.user.id}`, admin, { disabled: 'yes', role: 'x'.repeat(100_000) }), 400, 'validation_error');
  });

  it('changes a role, disables (its tokens end, no sign-in) and enables again', async () => {
    const admin = await loginAdmin(app());
    const staff = await signInStaff(app(), 'staff-pass-777');
    const promoted = await call('PUT', `/api/admin/users/${staff.user.id}`, admin, { role: 'admin' });
    expect(promoted.json<TeamMember>()).toMatchObject({ role: 'admin', disabled: false });
    expect((await call('GET', '/api/admin/business', staff.token)).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${staff.user.id}`, admin, { role: 'staff' })).json<TeamMember>().role).toBe('staff');
    expectError(await call('GET', '/api/admin/business', staff.token), 403, 'forbidden');

    const disabled = await call('PUT', `/api/admin/users/${staff.user.id}`, admin, { disabled: true });
    expect(disabled.json<TeamMember>()).toMatchObject({ disabled: true });
    expectError(await call('GET', '/api/admin/bookings', staff.token), 401, 'invalid_token');
    expectError(await call('POST', '/api/auth/login', undefined, { email: staff.user.email, password: 'staff-pass-777' }), 403, 'account_disabled');
    expectError(await call('POST', '/api/auth/login', undefined, { email: staff.user.email, password: 'wrong-pass-777' }), 401, 'invalid_credentials');

    expect((await call('PUT', `/api/admin/users/${staff.user.id}`, admin, { disabled: false })).json<TeamMember>().disabled).toBe(false);
    expect((await call('POST', '/api/auth/login', undefined, { email: staff.user.email, password: 'staff-pass-777' })).statusCode).toBe(200);
  });

  it('keeps the last active admin: 409 last_admin on demoting or disabling them', async () => {
    const admin = await loginAdmin(app());
    const [{ id: adminId }] = (await queryRows<{ id: string }>(app().db, sql`select id from users where email = 'admin@example.com'`)) as [{ id: string }];
    // Every other admin made staff first: the first admin is the last one.
    await app().db.execute(sql`update users set role = 'staff' where role = 'admin' and id <> ${adminId}`);
    await expectRefused(app().db, () => call('PUT', `/api/admin/users/${adminId}`, admin, { role: 'staff' }), 409, 'last_admin');
    await expectRefused(app().db, () => call('PUT', `/api/admin/users/${adminId}`, admin, { disabled: true }), 409, 'last_admin');
    // With a second active admin, the first may step down; the second is then the last.
    const second = await signInStaff(app());
    await call('PUT', `/api/admin/users/${second.user.id}`, admin, { role: 'admin' });
    expect((await call('PUT', `/api/admin/users/${adminId}`, admin, { role: 'staff' })).json<TeamMember>().role).toBe('staff');
    const secondToken = (await call('POST', '/api/auth/login', undefined, { email: second.user.email, password: 'staff-pass-123' })).json<AuthResponse>().token;
    await expectRefused(app().db, () => call('PUT', `/api/admin/users/${second.user.id}`, secondToken, { disabled: true }), 409, 'last_admin');
    // Back as it was for the other tests.
    await call('PUT', `/api/admin/users/${adminId}`, secondToken, { role: 'admin' });
    const [row] = await app().db.select().from(users).where(eq(users.id, adminId));
    expect(row!.role).toBe('admin');
  });

  it('lets staff cancel a paid booking without refund, and refuses them a refund', async () => {
    const stay = await createStay(app());
    const guest = await registerUser(app());
    const id = await insertBooking(app().db, { roomId: stay.roomId, userId: guest.user.id, startDate: siteDate(20), endDate: siteDate(27), paymentMethod: 'stripe' });
    await app().db.execute(sql`update bookings set paid_cents = 35000 where id = ${id}`);
    const staff = await signInStaff(app());
    await expectRefused(app().db, () => call('PUT', `/api/bookings/${id}/cancel`, staff.token, { refund_amount: 100 }), 403, 'forbidden');
    await expectRefused(app().db, () => call('POST', `/api/admin/bookings/${id}/refund`, staff.token, { amount: 100 }), 403, 'forbidden');
    const quote = await call('GET', `/api/bookings/${id}/cancellation`, staff.token);
    expect(quote.json()).toMatchObject({ refund_amount: 0 });
    const cancelled = await call('PUT', `/api/bookings/${id}/cancel`, staff.token, { reason: 'Guest phoned' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Booking>()).toMatchObject({ status: 'cancelled' });
    const [row] = await queryRows<{ refunded_cents: string; refunds: string }>(
      app().db,
      sql`select refunded_cents, (select count(*) from payment_refunds where booking_id = ${id}) as refunds from bookings where id = ${id}`,
    );
    expect([Number(row!.refunded_cents), Number(row!.refunds)]).toEqual([0, 0]);
  });

  it('holds staff without 2FA to enrolment when the owner requires it', async () => {
    const admin = await loginAdmin(app());
    const staff = await signInStaff(app());
    const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    const setup = (await call('POST', '/api/auth/2fa/setup', admin)).json<TwoFactorSetupResponse>();
    expect((await call('POST', '/api/auth/2fa/enable', admin, { code: codeOf(setup.secret) })).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/security-settings', admin, { require_two_factor_for_staff: true })).statusCode).toBe(200);
    try {
      expectError(await call('GET', '/api/admin/bookings', staff.token), 403, 'two_factor_enrolment_required');
      expect((await call('GET', '/api/auth/me', staff.token)).json()).toMatchObject({ two_factor_enrolment_required: true });
    } finally {
      await app().db.execute(sql`update settings set value = 'false' where key = 'require_two_factor_for_staff'`);
      await app().db.execute(sql`update users set two_factor_secret = null where email = 'admin@example.com'`);
    }
    expect((await call('GET', '/api/admin/bookings', staff.token)).statusCode).toBe(200);
  });
});
