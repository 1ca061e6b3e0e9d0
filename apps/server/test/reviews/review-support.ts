import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@roomweek/contract';
import { bearer, createProperty, createRoom, registerUser } from '../helper.ts';
import { insertBooking } from '../support.ts';

/** A property with two rooms, made by the admin. */
export async function reviewWorld(app: FastifyInstance, admin: string) {
  const property = await createProperty(app, admin, { name: 'Maison du Lac' });
  const roomA = await createRoom(app, admin, property.id);
  const roomB = await createRoom(app, admin, property.id);
  return { property, roomA, roomB };
}

/** A guest with a stay of `room` written straight into the database (past stays cannot be booked through the API). */
export async function guestWithStay(
  app: FastifyInstance,
  roomId: string,
  startDate: string,
  endDate: string,
  options: { status?: 'confirmed' | 'pending' | 'cancelled'; guest?: AuthResponse; language?: string } = {},
) {
  const guest = options.guest ?? (await registerUser(app));
  if (options.language) await app.db.execute(sql`update users set language = ${options.language} where id = ${guest.user.id}`);
  const bookingId = await insertBooking(app.db, { roomId, userId: guest.user.id, startDate, endDate, status: options.status ?? 'confirmed' });
  return { guest, bookingId };
}

export const writeReview = (app: FastifyInstance, token: string | null, bookingId: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
  app.inject({ method, url: `/api/bookings/${bookingId}/review`, headers: token ? bearer(token) : {}, payload });
