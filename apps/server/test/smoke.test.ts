import { describe, expect, it } from 'vitest';
import { bearer, book, createProperty, createRoom, loginAdmin, registerUser, siteDate, useTestApp } from './helper.ts';

describe('smoke', () => {
  const t = useTestApp();

  it('books a room on site', async () => {
    const admin = await loginAdmin(t.app);
    const property = await createProperty(t.app, admin);
    const room = await createRoom(t.app, admin, property.id, { price_per_week: 700 });
    const guest = await registerUser(t.app);
    const response = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(20) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'confirmed', total_price: 1000 });
    const clash = await book(t.app, guest.token, { room_id: room.id, start_date: siteDate(15), end_date: siteDate(16) });
    expect(clash.json()).toEqual({ detail: 'Room not available for these dates', code: 'room_unavailable' });
    expect(clash.statusCode).toBe(409);
    const mine = await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) });
    expect(mine.json()).toHaveLength(1);
  });
});
