import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Booking } from '@roomweek/contract';
import { checkIns } from '../../src/db/check-in-schema.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { insertBooking } from '../support.ts';
import { adultAna } from './check-in-support.ts';

/**
 * Issue 32 §3: a deleted account takes its travellers' identities with it, except a begun or past stay's, which the
 * owner keeps for the authorities until CHECK_IN_RETENTION_DAYS after departure (decision 0038).
 */
describe('check-in and a deleted account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("deletes the account's check-ins with it, and only its own; a past stay's stays until its retention ends", async () => {
    const admin = await loginAdmin(t.app);
    const roomId = (await createRoom(t.app, admin, (await createProperty(t.app, admin)).id)).id;
    const leaving = await registerUser(t.app);
    const staying = await registerUser(t.app);
    const bookings: Booking[] = [];
    for (const [guest, day] of [[leaving, 40], [staying, 50]] as const) {
      const made = await book(t.app, guest.token, { room_id: roomId, start_date: siteDate(day), end_date: siteDate(day + 7) });
      expect(made.statusCode, made.body).toBe(201);
      bookings.push(made.json<Booking>());
      const saved = await t.app.inject({
        method: 'PUT', url: `/api/bookings/${bookings.at(-1)!.id}/check-in`, headers: bearer(guest.token),
        payload: { arrival_time: '15:00', travellers: [adultAna()] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const rowsOf = async (id: string) => (await t.app.db.select().from(checkIns).where(eq(checkIns.bookingId, id))).length;
    expect([await rowsOf(bookings[0]!.id), await rowsOf(bookings[1]!.id)]).toEqual([1, 1]);
    const past = await insertBooking(t.app.db, { roomId, userId: leaving.user.id, startDate: siteDate(-10), endDate: siteDate(-3) });
    await t.app.db.insert(checkIns).values({ bookingId: past, arrivalTime: '15:00', travellers: [], status: 'incomplete' });

    const deletion = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(leaving.token), payload: { current_password: 'secret123' } });
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect([await rowsOf(bookings[0]!.id), await rowsOf(bookings[1]!.id)]).toEqual([0, 1]);
    // The past stay's registration is kept for the authorities, then deleted on its day.
    expect(await rowsOf(past)).toBe(1);
    await t.app.housekeeping.run(addDays(siteDate(-3), t.config.CHECK_IN_RETENTION_DAYS - 1));
    expect(await rowsOf(past)).toBe(1);
    await t.app.housekeeping.run(addDays(siteDate(-3), t.config.CHECK_IN_RETENTION_DAYS));
    expect(await rowsOf(past)).toBe(0);
  });
});
