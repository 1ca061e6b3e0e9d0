import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthResponse, Booking, Room } from '@roomweek/contract';
import { queryRows, type Database } from '../../src/db/client.ts';
import { bookings } from '../../src/db/schema.ts';
import { FakePaypal } from '../fakes/fake-paypal.ts';
import { FakeStripe } from '../fakes/fake-stripe.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, useFixture, usePostgres, type TestApp } from '../helper.ts';
import { openSecondHandle } from '../support.ts';

export interface PaymentsWorld {
  t: TestApp;
  app: FastifyInstance;
  db: Database;
  stripe: FakeStripe;
  paypal: FakePaypal;
  admin: string;
  room: Room;
  guest: AuthResponse;
  close: () => Promise<void>;
}

/** An app wired to a fake Stripe (env) and a fake PayPal (admin settings), with one room at 350 € a week and a guest. */
export async function paymentsWorld(env: Record<string, string> = {}): Promise<PaymentsWorld> {
  const stripe = await FakeStripe.start();
  const paypal = await FakePaypal.start();
  const t = await buildTestApp({ env: { ...stripe.env(), ...paypal.env(), ...env } });
  const admin = await loginAdmin(t.app);
  const settings = await t.app.inject({ method: 'PUT', url: '/api/payment-settings', headers: bearer(admin), payload: paypal.settings() });
  if (settings.statusCode !== 200) throw new Error(`payment settings failed: ${settings.body}`);
  const property = await createProperty(t.app, admin);
  const room = await createRoom(t.app, admin, property.id, { price_per_week: 350 });
  const guest = await registerUser(t.app);
  return {
    t,
    app: t.app,
    db: t.database.handle.db,
    stripe,
    paypal,
    admin,
    room,
    guest,
    close: async () => {
      await t.close();
      await stripe.close();
      await paypal.close();
    },
  };
}

/** `paymentsWorld(env)` for the describe block that calls this (useFixture). */
export const usePaymentsWorld = (env?: Record<string, string>) => useFixture(() => paymentsWorld(env));

/** Books a room (the world's by default) for a week starting `fromDay` days ahead, paid by `method`; answers the pending booking. */
export async function pendingBooking(
  w: PaymentsWorld,
  method: 'stripe' | 'paypal',
  options: { room?: Room; token?: string; fromDay?: number } = {},
): Promise<Booking> {
  const fromDay = options.fromDay ?? 10;
  const response = await book(w.app, options.token ?? w.guest.token, {
    room_id: (options.room ?? w.room).id,
    start_date: siteDate(fromDay),
    end_date: siteDate(fromDay + 7),
    payment_method: method,
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json<Booking>();
}

export const checkout = (app: FastifyInstance, token: string, bookingId: string, hostUrl?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: bearer(token),
    payload: { booking_id: bookingId, ...(hostUrl ? { host_url: hostUrl } : {}) },
  });

export const paymentStatus = (app: FastifyInstance, token: string, sessionId: string) =>
  app.inject({ url: `/api/payments/status/${encodeURIComponent(sessionId)}`, headers: bearer(token) });

export const createOrder = (app: FastifyInstance, token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', headers: bearer(token), payload });

export const capture = (app: FastifyInstance, token: string, orderId: string) =>
  app.inject({ method: 'POST', url: `/api/payments/paypal/capture/${encodeURIComponent(orderId)}`, headers: bearer(token) });

/** Delivers a signed Stripe event to the webhook, as Stripe would. */
export function deliver(w: PaymentsWorld, event: unknown, secret?: string): Promise<LightMyRequestResponse> {
  const { payload, headers } = w.stripe.sign(event, secret);
  return w.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', headers, payload });
}

/** Opens a checkout for a pending card booking and answers the fake's session. */
export async function startCheckout(w: PaymentsWorld, booking: Booking, token = w.guest.token) {
  const response = await checkout(w.app, token, booking.id);
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return w.stripe.sessionFor(booking.id);
}

export async function bookingRow(db: Database, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

/** How many non-cancelled bookings of a room cover the night `date`: never more than one. */
export async function occupantsOfNight(db: Database, roomId: string, date: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bookings where room_id = ${roomId} and status <> 'cancelled'
        and start_date <= ${date}::date and end_date > ${date}::date`,
  );
  return row?.n ?? 0;
}

export async function processedEvents(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from processed_webhook_events`);
  return row?.n ?? 0;
}

/** A fresh room of the world's property kind, so each test has its own calendar. */
export async function newRoom(w: PaymentsWorld): Promise<Room> {
  const property = await createProperty(w.app, w.admin);
  return createRoom(w.app, w.admin, property.id, { price_per_week: 350 });
}

/** Instances of one site share their keys (as in production): each checks the webhooks' signatures the same way. */
const SHARED_SECRETS = { SETTINGS_KEY: 'test-settings-key-shared-by-instances', JWT_SECRET: 'test-jwt-secret-shared-by-instances' };

/**
 * A payments world and a second instance of the site on its database, pointed at the same fakes. With TEST_DB=pg each
 * instance has its own connection pool on one PostgreSQL database (real concurrency); on PGlite they share it.
 */
export async function twoInstanceWorld(): Promise<PaymentsWorld & { second: TestApp }> {
  const w = await paymentsWorld(SHARED_SECRETS);
  const database = usePostgres ? await openSecondHandle(w.t.database) : w.t.database;
  const second = await buildTestApp({ env: { ...w.stripe.env(), ...w.paypal.env(), ...SHARED_SECRETS }, database });
  return {
    ...w,
    second,
    close: async () => {
      await second.close();
      if (usePostgres) await second.database.drop();
      await w.close();
    },
  };
}
