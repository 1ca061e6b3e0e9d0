import type { FastifyInstance } from 'fastify';
import type { Booking, CancellationQuote, Room } from '@roomweek/contract';
import { bearer, createProperty, createRoom } from '../helper.ts';
import { capture, createOrder, paymentStatus, pendingBooking, startCheckout, type PaymentsWorld } from '../payments/payments-support.ts';

/** A card booking of `room` arriving `fromDay` days ahead for a week, paid through the fake Checkout: confirmed. */
export async function paidByCard(w: PaymentsWorld, room: Room, fromDay: number, token = w.guest.token): Promise<Booking> {
  const booking = await pendingBooking(w, 'stripe', { room, fromDay, token });
  const session = await startCheckout(w, booking, token);
  w.stripe.markPaid(session.id);
  const status = await paymentStatus(w.app, token, session.id);
  if (status.json<{ payment_status: string }>().payment_status !== 'paid') throw new Error(`not paid: ${status.body}`);
  return booking;
}

/** The PaymentIntent that paid a card booking. */
export const paymentIntentOf = (w: PaymentsWorld, bookingId: string) => w.stripe.sessionFor(bookingId).payment_intent!;

/** A PayPal booking of `room`, approved and captured: confirmed. Answers it and its capture id. */
export async function paidByPaypal(w: PaymentsWorld, room: Room, fromDay: number): Promise<{ booking: Booking; captureId: string }> {
  const booking = await pendingBooking(w, 'paypal', { room, fromDay });
  const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
  w.paypal.approve(orderId);
  const captured = await capture(w.app, w.guest.token, orderId);
  if (captured.json<{ payment_status: string }>().payment_status !== 'paid') throw new Error(`not captured: ${captured.body}`);
  return { booking, captureId: w.paypal.captures.find((c) => c.orderId === orderId)!.captureId };
}

/** A room at `pricePerWeek` € in a property of its own (with its own cancellation policy when given). */
export async function roomAt(w: PaymentsWorld, pricePerWeek: number, policy?: Record<string, number> | null): Promise<Room> {
  const property = await createProperty(w.app, w.admin, policy === undefined ? {} : { cancellation_policy: policy });
  return createRoom(w.app, w.admin, property.id, { price_per_week: pricePerWeek });
}

export const cancelBooking = (app: FastifyInstance, token: string, id: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/bookings/${id}/cancel`, headers: bearer(token), ...(payload ? { payload } : {}) });

export const quoteCancellation = (app: FastifyInstance, token: string, id: string) =>
  app.inject({ url: `/api/bookings/${id}/cancellation`, headers: bearer(token) });

export const quoteOf = async (app: FastifyInstance, token: string, id: string) => (await quoteCancellation(app, token, id)).json<CancellationQuote>();

export const refund = (app: FastifyInstance, token: string, id: string, payload: unknown, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${id}/refund`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });

export const setSitePolicy = (app: FastifyInstance, token: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/admin/cancellation-policy', headers: bearer(token), payload: payload as Record<string, unknown> });

/** The booking as its guest's list shows it. */
export async function mine(app: FastifyInstance, token: string, id: string): Promise<Booking> {
  const list = (await app.inject({ url: '/api/bookings', headers: bearer(token) })).json<Booking[]>();
  const found = list.find((b) => b.id === id);
  if (!found) throw new Error(`booking ${id} not in the guest's list`);
  return found;
}
