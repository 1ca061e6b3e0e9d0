import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Booking, Room } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { bearer, book, createProperty, createRoom, siteDate } from '../helper.ts';
import { capture, paymentStatus, type PaymentsWorld } from '../payments/payments-support.ts';

/** 30 % at booking, the balance 30 days before arrival, 3 days' grace. */
export const DEPOSIT_TERMS = { deposit_percent: 30, balance_due_days: 30, balance_grace_days: 3, overdue_action: 'notify' };

export const setSiteTerms = (app: FastifyInstance, token: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/admin/payment-terms', headers: bearer(token), payload: payload as Record<string, unknown> });

/** A room at `pricePerWeek` in a property of its own with `terms` (null: the site's) and optional property fields. */
export async function roomWithTerms(w: PaymentsWorld, pricePerWeek: number, terms: unknown, property: Record<string, unknown> = {}): Promise<Room> {
  const created = await createProperty(w.app, w.admin, { payment_terms: terms, ...property });
  return createRoom(w.app, w.admin, created.id, { price_per_week: pricePerWeek });
}

/** Books `room` for a week `fromDay` days ahead, paid by `method`. */
export async function bookWeek(w: PaymentsWorld, room: Room, fromDay: number, method: 'stripe' | 'paypal' | 'on_site', token = w.guest.token): Promise<Booking> {
  const response = await book(w.app, token, { room_id: room.id, start_date: siteDate(fromDay), end_date: siteDate(fromDay + 7), payment_method: method });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json<Booking>();
}

export const checkoutWith = (app: FastifyInstance, token: string, bookingId: string, saveCard = false) =>
  app.inject({ method: 'POST', url: '/api/payments/checkout', headers: bearer(token), payload: { booking_id: bookingId, save_card: saveCard } });

/** Pays the booking's own checkout (its deposit) through the fake hosted page: answers the session. */
export async function payDepositByCard(w: PaymentsWorld, booking: Booking, options: { saveCard?: boolean } = {}) {
  const opened = await checkoutWith(w.app, w.guest.token, booking.id, options.saveCard);
  if (opened.statusCode !== 200) throw new Error(`checkout failed: ${opened.body}`);
  const session = w.stripe.sessionFor(booking.id);
  w.stripe.markPaid(session.id);
  const status = await paymentStatus(w.app, w.guest.token, session.id);
  if (status.json<{ payment_status: string }>().payment_status !== 'paid') throw new Error(`not paid: ${status.body}`);
  return session;
}

export const payBalance = (app: FastifyInstance, token: string, id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/bookings/${id}/balance`, headers: bearer(token), payload });

/** Pays the balance by card through the fake's hosted page; answers the session id. */
export async function payBalanceByCard(w: PaymentsWorld, id: string): Promise<string> {
  const opened = await payBalance(w.app, w.guest.token, id, { payment_method: 'stripe' });
  if (opened.statusCode !== 200) throw new Error(`balance checkout failed: ${opened.statusCode} ${opened.body}`);
  const sessionId = new URL(opened.json<{ url: string }>().url).pathname.split('/').pop()!;
  w.stripe.markPaid(sessionId);
  return sessionId;
}

/** Pays the balance by PayPal: order, approval, capture; answers the capture's answer. */
export async function payBalanceByPaypal(w: PaymentsWorld, id: string) {
  const opened = await payBalance(w.app, w.guest.token, id, { payment_method: 'paypal' });
  if (opened.statusCode !== 200) throw new Error(`balance order failed: ${opened.statusCode} ${opened.body}`);
  const orderId = opened.json<{ order_id: string }>().order_id;
  w.paypal.approve(orderId);
  return { orderId, captured: await capture(w.app, w.guest.token, orderId) };
}

export async function bookingOf(w: PaymentsWorld, id: string, token = w.guest.token): Promise<Booking> {
  const list = (await w.app.inject({ url: '/api/bookings', headers: bearer(token) })).json<Booking[]>();
  const found = list.find((b) => b.id === id);
  if (!found) throw new Error(`no booking ${id}`);
  return found;
}

export const adminBalance = (app: FastifyInstance, token: string, id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/admin/bookings/${id}/balance`, headers: bearer(token), payload });

export const recordPayment = (app: FastifyInstance, token: string, id: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/admin/bookings/${id}/payments`, headers: bearer(token), payload: payload as Record<string, unknown> });

export const paymentsOf = (app: FastifyInstance, token: string, id: string) => app.inject({ url: `/api/admin/bookings/${id}/payments`, headers: bearer(token) });

/** The outbox rows of a kind for a booking. */
export const messagesOf = (w: PaymentsWorld, kind: string, bookingId: string) =>
  w.db.select().from(outboxMessages).where(and(eq(outboxMessages.kind, kind as never), eq(outboxMessages.dedupeKey, `${kind}:${bookingId}`)));
