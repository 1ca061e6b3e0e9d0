import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { checkIns } from '../../src/db/check-in-schema.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { adultAna } from './check-in-support.ts';

/** Issue 32 §3: a deleted account takes its travellers' identities with it. */
describe('check-in and a deleted account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("deletes the account's check-ins with it, and only its own", async () => {
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

    const deletion = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(leaving.token), payload: { current_password: 'secret123' } });
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect([await rowsOf(bookings[0]!.id), await rowsOf(bookings[1]!.id)]).toEqual([0, 1]);
  });
});
