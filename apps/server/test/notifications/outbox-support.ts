import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse, Booking } from '@roomweek/contract';
import type { Database } from '../../src/db/client.ts';
import { outboxMessages, type OutboxRow } from '../../src/db/outbox-schema.ts';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { SmtpSink } from '../fakes/smtp-sink.ts';
import { bearer, buildTestApp, createProperty, createRoom, loginAdmin, proveEmail, siteDate, type TestApp } from '../helper.ts';

export async function outboxRows(db: Database): Promise<OutboxRow[]> {
  return db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.channel));
}

/**
 * For a describe block: an app that sends its e-mails to a real SMTP server on this machine, started before the
 * block's tests and closed after them; each test starts with nothing received and nothing waiting in the outbox.
 * Read `t` and `smtp` inside the tests (they are set once the block starts).
 */
export function appWithMail(): { t: TestApp; smtp: SmtpSink } {
  const state = {} as { t: TestApp; smtp: SmtpSink };
  beforeAll(async () => {
    state.smtp = await SmtpSink.start();
    state.t = await buildTestApp({ env: { SMTP_URL: state.smtp.url, MAIL_FROM: 'RoomWeek <bookings@roomweek.test>' } });
  });
  afterAll(async () => {
    await state.t.close();
    await state.smtp.stop();
  });
  afterEach(async () => {
    state.smtp.received.length = 0;
    await state.t.app.db.delete(outboxMessages).where(sql`true`);
  });
  return state;
}

/** Time passes: every waiting message (a retry's backoff, an expired claim's lease) is due now. */
export async function makeDue(db: Database): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(sql`${outboxMessages.status} in ('pending', 'sending')`);
}

/** A client account created while the site was shown in `language`; its e-mail proved unless `verified: false` (helper.ts proveEmail). */
export async function registerGuest(
  app: FastifyInstance,
  language: string,
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<AuthResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'accept-language': language },
    payload: {
      name: 'Dupont',
      first_name: 'Marie',
      email: `marie-${randomUUID().slice(0, 8)}@example.com`,
      password: 'secret123',
      birth_date: '1990-05-04',
      birth_place: 'Lyon',
      phone: '+33 6 12 34 56 78',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const session = response.json<AuthResponse>();
  if (!verified) return session;
  await proveEmail(app, session.user.id);
  return { ...session, user: { ...session.user, email_verified: true } };
}

export interface Stay {
  adminToken: string;
  propertyName: string;
  roomId: string;
  roomNumber: string;
}

/** A property and a room at 350 € a week. */
export async function createStay(app: FastifyInstance, propertyName = 'Villa Rosa & Sol'): Promise<Stay> {
  const adminToken = await loginAdmin(app);
  const property = await createProperty(app, adminToken, { name: propertyName, location: 'Gent, Belgium' });
  const room = await createRoom(app, adminToken, property.id, { room_number: `R${randomUUID().slice(0, 4)}`, price_per_week: 350 });
  return { adminToken, propertyName, roomId: room.id, roomNumber: room.room_number };
}

/** Books 14 nights from `startInDays`, with the site shown in `language`. */
export async function bookStay(
  app: FastifyInstance,
  token: string,
  stay: Stay,
  options: { language?: string; startInDays?: number; nights?: number; paymentMethod?: string } = {},
): Promise<Booking> {
  const start = options.startInDays ?? 10;
  const response = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { ...bearer(token), 'accept-language': options.language ?? 'fr' },
    payload: {
      room_id: stay.roomId,
      start_date: siteDate(start),
      end_date: siteDate(start + (options.nights ?? 14)),
      payment_method: options.paymentMethod ?? 'on_site',
    },
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json<Booking>();
}

/** Intl writes narrow and plain no-break spaces in amounts and dates; compare with plain spaces. */
export const plainSpaces = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');
