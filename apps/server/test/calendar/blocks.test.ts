import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, AvailabilityResponse, Block, Booking, Room } from '@roomweek/contract';
import { roomBlocks } from '../../src/db/calendar-schema.ts';
import { bookings } from '../../src/db/schema.ts';
import { sqlState } from '../../src/lib/errors.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { expectError, expectRefused, expireHold, insertBooking } from '../support.ts';
import { calendarCalls, ranges } from './support.ts';

/** Manual blocks (docs/behaviour.md §14): they take nights exactly as a booking does, under the same database rule. */
describe('blocks', () => {
  let t: TestApp;
  let admin: string;
  let guest: AuthResponse;
  let calls: ReturnType<typeof calendarCalls>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    guest = await registerUser(t.app);
    calls = calendarCalls(t.app, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newRoom(): Promise<Room> {
    return createRoom(t.app, admin, (await createProperty(t.app, admin)).id);
  }
  const availability = async (roomId: string) =>
    (await t.app.inject({ url: `/api/rooms/${roomId}/availability?start=${siteDate(0)}&end=${siteDate(120)}` })).json<AvailabilityResponse>();

  it('blocks nights with a note; guests see them as taken dates without the note and cannot book them', async () => {
    const room = await newRoom();
    const response = await calls.block(room.id, siteDate(10), siteDate(17), 'Repainting the walls');
    expect(response.statusCode).toBe(201);
    const block = response.json<Block>();
    expect(block).toMatchObject({ room_id: room.id, start_date: siteDate(10), end_date: siteDate(17), note: 'Repainting the walls', source: 'manual', conflict: false, calendar_id: null, uid: null });
    expect((await calls.blocks(room.id)).map((b) => b.id)).toEqual([block.id]);

    const seen = await t.app.inject({ url: `/api/rooms/${room.id}/availability?start=${siteDate(0)}&end=${siteDate(120)}` });
    expect(seen.json<AvailabilityResponse>()).toMatchObject({ bookings: [], blocks: [{ start_date: siteDate(10), end_date: siteDate(17) }] });
    expect(seen.body).not.toContain('Repainting');

    expectError(await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(16), end_date: siteDate(20) }), 409, 'room_unavailable');
    expectError(await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(11) }), 409, 'room_unavailable');
    // Nights next to it are free: a stay may end on the block's first day and start on its end.
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(3), end_date: siteDate(10) })).statusCode).toBe(201);
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(17), end_date: siteDate(24) })).statusCode).toBe(201);
  });

  it('refuses a block over a booked night (409 room_unavailable), and writes nothing', async () => {
    const room = await newRoom();
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37) })).statusCode).toBe(201);
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(36), siteDate(40)), 409, 'room_unavailable');
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(20), siteDate(50)), 409, 'room_unavailable');
    expect((await calls.block(room.id, siteDate(37), siteDate(40))).statusCode).toBe(201);
  });

  it('a pending hold takes its nights until it runs out; a hold that ran out does not stop a block', async () => {
    const room = await newRoom();
    const hold = (await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37), payment_method: 'stripe' })).json<Booking>();
    expectError(await calls.block(room.id, siteDate(30), siteDate(31)), 409, 'room_unavailable');
    await expireHold(t.app.db, hold.id);
    expect((await calls.block(room.id, siteDate(30), siteDate(31))).statusCode).toBe(201);
  });

  it('blocks may overlap one another, and the guest sees the nights they cover together', async () => {
    const room = await newRoom();
    expect((await calls.block(room.id, siteDate(10), siteDate(14))).statusCode).toBe(201);
    expect((await calls.block(room.id, siteDate(12), siteDate(18))).statusCode).toBe(201);
    expect((await calls.block(room.id, siteDate(18), siteDate(20))).statusCode).toBe(201);
    expect((await calls.block(room.id, siteDate(30), siteDate(31))).statusCode).toBe(201);
    expect(ranges((await availability(room.id)).blocks)).toEqual([`${siteDate(10)}→${siteDate(20)}`, `${siteDate(30)}→${siteDate(31)}`]);
  });

  it('deleting a block frees its nights', async () => {
    const room = await newRoom();
    const block = (await calls.block(room.id, siteDate(40), siteDate(47))).json<Block>();
    expect((await calls.send('DELETE', `/api/admin/rooms/${room.id}/blocks/${block.id}`)).statusCode).toBe(204);
    expect(await calls.blocks(room.id)).toEqual([]);
    expect((await availability(room.id)).blocks).toEqual([]);
    expect((await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(40), end_date: siteDate(47) })).statusCode).toBe(201);
    expectError(await calls.send('DELETE', `/api/admin/rooms/${room.id}/blocks/${block.id}`), 404, 'block_not_found');
  });

  it('checks the dates as the site does: order, past, length', async () => {
    const room = await newRoom();
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(10), siteDate(10)), 400, 'invalid_dates');
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(10), siteDate(9)), 400, 'invalid_dates');
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(-1), siteDate(3)), 400, 'date_in_past');
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(1), siteDate(1200)), 400, 'validation_error');
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(1100), siteDate(1107)), 400, 'validation_error');
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(1), siteDate(3), 'x'.repeat(501)), 400, 'validation_error');
    // Today is fine; an empty note is none.
    expect((await calls.block(room.id, siteDate(0), siteDate(1), '  ')).json<Block>().note).toBeNull();
  });

  it('a room that is not bookable has no blocks to give (404 room_not_found)', async () => {
    const room = await newRoom();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${room.id}`, headers: bearer(admin) })).statusCode).toBe(204);
    await expectRefused(t.app.db, () => calls.block(room.id, siteDate(10), siteDate(12)), 404, 'room_not_found');
    expectError(await calls.send('GET', `/api/admin/rooms/${room.id}/blocks`), 404, 'room_not_found');
  });

  it('the database itself refuses a booking over a block and a block over a booking, whatever writes them (23P01)', async () => {
    const room = await newRoom();
    await calls.block(room.id, siteDate(60), siteDate(67));
    const bookingOverBlock = await insertBooking(t.app.db, { roomId: room.id, userId: guest.user.id, startDate: siteDate(66), endDate: siteDate(70) }).catch((error: unknown) => error);
    expect(sqlState(bookingOverBlock)).toBe('23P01');
    await insertBooking(t.app.db, { roomId: room.id, userId: guest.user.id, startDate: siteDate(80), endDate: siteDate(87) });
    const blockOverBooking = await t.app.db
      .insert(roomBlocks)
      .values({ roomId: room.id, startDate: siteDate(86), endDate: siteDate(88) })
      .catch((error: unknown) => error);
    expect(sqlState(blockOverBooking)).toBe('23P01');
    // A cancelled booking frees its nights for a block; taking them back is refused while the block holds them.
    const cancelled = await insertBooking(t.app.db, { roomId: room.id, userId: guest.user.id, startDate: siteDate(90), endDate: siteDate(97), status: 'cancelled' });
    await t.app.db.insert(roomBlocks).values({ roomId: room.id, startDate: siteDate(90), endDate: siteDate(92) });
    const retaken = await t.app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, cancelled)).catch((error: unknown) => error);
    expect(sqlState(retaken)).toBe('23P01');
  });
});
