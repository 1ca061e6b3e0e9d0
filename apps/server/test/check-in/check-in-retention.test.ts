import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, type AccountExport, type Booking } from '@roomweek/contract';
import { checkIns } from '../../src/db/check-in-schema.ts';
import { bearer, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { insertBooking } from '../support.ts';
import { adultAna, adultJoao, childLucia } from './check-in-support.ts';

/** Issue 32 item 3 (docs/decisions/0038): check-ins kept CHECK_IN_RETENTION_DAYS (1,095) after departure, and in the guest's export. */
describe('check-in retention and export', () => {
  const t = useAdminApp();

  it("the guest's own export carries each booking's check-in in clear, and no one else's", async () => {
    const guest = await registerUser(t.app);
    const other = await registerUser(t.app);
    const room = await createRoom(t.app, t.admin, (await createProperty(t.app, t.admin)).id, { max_guests: 4 });
    const arrival = siteDate(30);
    const bookAs = async (token: string, start: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: bearer(token),
        payload: { room_id: room.id, start_date: start, end_date: addDays(start, 7), payment_method: 'on_site', adults: 2, children: 1 },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Booking>();
    };
    const checkedIn = await bookAs(guest.token, arrival);
    const notBegun = await bookAs(guest.token, siteDate(50));
    const theirs = await bookAs(other.token, siteDate(70));
    const travellers = [adultAna(), adultJoao(), childLucia(arrival)];
    const saved = await t.app.inject({ method: 'PUT', url: `/api/bookings/${checkedIn.id}/check-in`, headers: bearer(guest.token), payload: { arrival_time: '16:30', travellers } });
    expect(saved.json()).toMatchObject({ status: 'complete' });
    const theirTravellers = [{ ...adultAna(), document_number: 'OTHER999' }];
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${theirs.id}/check-in`, headers: bearer(other.token), payload: { travellers: theirTravellers } });

    const response = await t.app.inject({ url: '/api/auth/me/export', headers: bearer(guest.token) });
    expect(response.statusCode).toBe(200);
    const data = response.json<AccountExport>();
    const mine = data.bookings.find((b) => b.id === checkedIn.id)!;
    expect(mine.check_in).toMatchObject({ status: 'complete', arrival_time: '16:30' });
    expect(mine.check_in!.travellers[0]).toMatchObject({ first_name: 'Ana', document_number: 'PAB123456', date_of_birth: '1985-03-14' });
    expect(mine.check_in!.travellers[2]).toMatchObject({ first_name: 'Lucía', relationship: { adult: 0, kind: 'parent' } });
    expect(data.bookings.find((b) => b.id === notBegun.id)!.check_in).toBeNull();
    expect(response.body).not.toContain('OTHER999');
  });

  it('housekeeping deletes a check-in CHECK_IN_RETENTION_DAYS after departure: not the day before, on the day, and after', async () => {
    const guest = await registerUser(t.app);
    const property = await createProperty(t.app, t.admin);
    const stay = async (departure: string) => {
      const room = await createRoom(t.app, t.admin, property.id);
      const id = await insertBooking(t.app.db, { roomId: room.id, userId: guest.user.id, startDate: addDays(departure, -7), endDate: departure });
      await t.app.db.insert(checkIns).values({ bookingId: id, arrivalTime: '15:00', travellers: [], status: 'incomplete' });
      return id;
    };
    const left = siteDate(-20);
    const early = await stay(addDays(left, -1));
    const onTime = await stay(left);
    const later = await stay(addDays(left, 1));
    const kept = async (id: string) => (await t.app.db.select().from(checkIns).where(eq(checkIns.bookingId, id))).length === 1;
    const retention = t.config.CHECK_IN_RETENTION_DAYS;
    expect(retention).toBe(1095);

    // The day before `left` reaches its 1,095 days: only the stay that left a day earlier goes.
    expect((await t.app.housekeeping.run(addDays(left, retention - 1))).checkIns).toBe(1);
    expect([await kept(early), await kept(onTime), await kept(later)]).toEqual([false, true, true]);
    // The day: `left` goes; the stay that left a day later stays until its own day, the day after.
    expect((await t.app.housekeeping.run(addDays(left, retention))).checkIns).toBe(1);
    expect([await kept(onTime), await kept(later)]).toEqual([false, true]);
    expect((await t.app.housekeeping.run(addDays(left, retention + 1))).checkIns).toBe(1);
    expect(await kept(later)).toBe(false);
    // The booking itself stays (the owner's accounts).
    expect((await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>().map((b) => b.id).sort()).toEqual([early, onTime, later].sort());
  });
});
