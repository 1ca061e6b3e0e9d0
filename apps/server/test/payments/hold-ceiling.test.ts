import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../src/db/schema.ts';
import { expectError, expireHold } from '../support.ts';
import { bookingRow, capture, checkout, createOrder, newRoom, pendingBooking, usePaymentsWorld } from './payments-support.ts';

const MINUTE = 60_000;
/** BOOKING_HOLD_MINUTES (30 by default) + 30: the latest end any payment call may give a hold, from its creation. */
const CEILING_MINUTES = 60;

/** No payment call stretches a hold past its creation + BOOKING_HOLD_MINUTES + 30 minutes (decision 0015). */
describe('the hold ceiling', () => {
  const w = usePaymentsWorld();

  /** Moves a booking's creation (and its first hold with it) `minutes` into the past, as if the guest had been at it that long. */
  const createdAgo = (id: string, minutes: number) =>
    w.db
      .update(bookings)
      .set({
        createdAt: sql`${bookings.createdAt} - make_interval(mins => ${minutes})`,
        holdExpiresAt: sql`${bookings.holdExpiresAt} - make_interval(mins => ${minutes})`,
      })
      .where(eq(bookings.id, id));

  it('repeated PayPal capture calls never stretch the hold past the ceiling', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    await createdAgo(booking.id, 55);
    // Not approved at PayPal: each call (re)takes the hold for 10 minutes, then PayPal refuses.
    for (let n = 0; n < 4; n++) expectError(await capture(w.app, w.guest.token, orderId), 402, 'payment_failed');
    const row = await bookingRow(w.db, booking.id);
    const ceiling = row.createdAt.getTime() + CEILING_MINUTES * MINUTE;
    expect(row.holdExpiresAt!.getTime()).toBe(ceiling);
    expect(row.holdExpiresAt!.getTime()).toBeLessThan(Date.now() + 10 * MINUTE - 1000);
  });

  it('a capture once the ceiling has passed and the hold ran out takes nothing', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    await createdAgo(booking.id, CEILING_MINUTES + 1);
    await expireHold(w.db, booking.id);
    w.paypal.approve(orderId);
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'expired' });
    expect(w.paypal.captures.filter((c) => c.orderId === orderId)).toHaveLength(0);
    expect((await bookingRow(w.db, booking.id)).holdExpiresAt!.getTime()).toBeLessThan(Date.now());

    // Released by the hold job: taking it back is refused as well.
    await w.app.paymentJobs.holds.runOnce();
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'expired' });
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(w.paypal.captures.filter((c) => c.orderId === orderId)).toHaveLength(0);
  });

  it("a Stripe session opened late keeps Stripe's 30-minute minimum, but the hold stops at the ceiling", async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    await createdAgo(booking.id, 20);
    expect((await checkout(w.app, w.guest.token, booking.id)).statusCode).toBe(200);
    const session = w.stripe.sessionFor(booking.id);
    const row = await bookingRow(w.db, booking.id);
    const ceiling = row.createdAt.getTime() + CEILING_MINUTES * MINUTE;
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * MINUTE);
    expect(session.expires_at * 1000).toBeLessThanOrEqual(ceiling + 1000);
    expect(row.holdExpiresAt!.getTime()).toBeLessThanOrEqual(ceiling);

    const late = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    await createdAgo(late.id, 45);
    // Its hold still runs for 5 minutes (a PayPal capture call had stretched it before the guest chose the card).
    await w.db.update(bookings).set({ holdExpiresAt: sql`now() + interval '5 minutes'` }).where(eq(bookings.id, late.id));
    expect((await checkout(w.app, w.guest.token, late.id)).statusCode).toBe(200);
    const lateSession = w.stripe.sessionFor(late.id);
    const lateRow = await bookingRow(w.db, late.id);
    expect(lateSession.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * MINUTE);
    expect(lateRow.holdExpiresAt!.getTime()).toBe(lateRow.createdAt.getTime() + CEILING_MINUTES * MINUTE);
  });
});
