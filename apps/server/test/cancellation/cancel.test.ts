import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Booking, CancellationPolicy, RoomDetail } from '@roomweek/contract';
import { bookings } from '../../src/db/schema.ts';
import { bearer, book, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused, insertBooking } from '../support.ts';
import { bookingRow, newRoom, usePaymentsWorld } from '../payments/payments-support.ts';
import { cancelBooking, mine, paidByCard, paidByPaypal, paymentIntentOf, quoteCancellation, quoteOf, roomAt, setSitePolicy } from './cancellation-support.ts';

describe('cancellation policy and refunds on cancel', () => {
  const w = usePaymentsWorld();

  describe('the site policy', () => {
    it('is public, 14 days free then 50 % by default, and only an admin changes it, within its bounds', async () => {
      expect((await w.app.inject({ url: '/api/cancellation-policy' })).json()).toEqual({ free_until_days: 14, late_refund_percent: 50 });
      for (const payload of [
        { free_until_days: 366, late_refund_percent: 50 },
        { free_until_days: -1, late_refund_percent: 50 },
        { free_until_days: 7, late_refund_percent: 101 },
        { free_until_days: 1.5, late_refund_percent: 50 },
        { free_until_days: '7', late_refund_percent: 50 },
        { free_until_days: 7 },
        { free_until_days: 1e308, late_refund_percent: 50 },
      ]) {
        await expectRefused(w.db, () => setSitePolicy(w.app, w.admin, payload), 400, 'validation_error');
      }
      await expectRefused(w.db, () => setSitePolicy(w.app, w.guest.token, { free_until_days: 0, late_refund_percent: 100 }), 403, 'forbidden');
      await expectRefused(
        w.db,
        () => w.app.inject({ method: 'PUT', url: '/api/admin/cancellation-policy', payload: { free_until_days: 0, late_refund_percent: 100 } }),
        401,
        'unauthorized',
      );
      expect((await w.app.inject({ url: '/api/cancellation-policy' })).json()).toEqual({ free_until_days: 14, late_refund_percent: 50 });
    });
  });

  describe('a guest cancels a paid stay: the refund follows the terms it was booked under', () => {
    it('before the free-cancellation date: everything back, through Stripe', async () => {
      const room = await roomAt(w, 350);
      const booking = await paidByCard(w, room, 30);
      expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({
        paid_amount: 350,
        refund_amount: 0,
        refund_status: 'none',
        free_cancellation_until: siteDate(16),
        cancellation_policy: { free_until_days: 14, late_refund_percent: 50 },
        cancelled_by: null,
      });
      expect(await quoteOf(w.app, w.guest.token, booking.id)).toEqual({
        refund_amount: 350,
        policy_refund_amount: 350,
        paid_amount: 350,
        fee: 0,
        // No tax on this stay: all of it is rent and fees (docs/behaviour.md §18).
        policy_refund_split: { rent_and_fees: 350, taxes: 0 },
        free_cancellation_until: siteDate(16),
        policy: { free_until_days: 14, late_refund_percent: 50 },
      });
      const response = await cancelBooking(w.app, w.guest.token, booking.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<Booking>()).toMatchObject({ status: 'cancelled', cancelled_by: 'guest', paid_amount: 350, refund_amount: 350, refund_status: 'succeeded' });
      expect(w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id)).map((r) => r.amount)).toEqual([35_000]);
    });

    it('after it: the late percentage of what was paid, rounded to the cent half up', async () => {
      // 350.01 € a week: half of 35,001 cents is 17,500.5, which rounds up to 17,501.
      const room = await roomAt(w, 350.01);
      const booking = await paidByCard(w, room, 10);
      expect(await quoteOf(w.app, w.guest.token, booking.id)).toMatchObject({ refund_amount: 175.01, fee: 175, free_cancellation_until: siteDate(-4) });
      const cancelled = (await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>();
      expect(cancelled).toMatchObject({ status: 'cancelled', refund_amount: 175.01, refund_status: 'succeeded' });
      expect(w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id)).map((r) => r.amount)).toEqual([17_501]);
    });

    it('from the arrival day: nothing back, and no refund is asked of the provider', async () => {
      const room = await roomAt(w, 350);
      const booking = await paidByCard(w, room, 0);
      expect(await quoteOf(w.app, w.guest.token, booking.id)).toMatchObject({ refund_amount: 0, fee: 350 });
      const refundsBefore = w.stripe.refunds.length;
      const cancelled = (await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>();
      expect(cancelled).toMatchObject({ status: 'cancelled', paid_amount: 350, refund_amount: 0, refund_status: 'none' });
      expect(w.stripe.refunds).toHaveLength(refundsBefore);
    });

    it('through PayPal, in part, on the capture', async () => {
      const room = await roomAt(w, 200);
      const { booking, captureId } = await paidByPaypal(w, room, 10);
      const cancelled = (await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>();
      expect(cancelled).toMatchObject({ refund_amount: 100, refund_status: 'succeeded' });
      expect(w.paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.amount)).toEqual([{ currency_code: 'EUR', value: '100.00' }]);
    });

    it('a policy changed after booking does not change the booking’s terms', async () => {
      const room = await roomAt(w, 350);
      const booking = await paidByCard(w, room, 10);
      expect((await setSitePolicy(w.app, w.admin, { free_until_days: 0, late_refund_percent: 100 })).statusCode).toBe(200);
      try {
        expect((await w.app.inject({ url: '/api/cancellation-policy' })).json()).toEqual({ free_until_days: 0, late_refund_percent: 100 });
        // A booking made now gets the new terms; the one made before keeps 14 days / 50 %.
        const later = await paidByCard(w, await roomAt(w, 350), 10);
        // 0 days: free until the day before arrival (the arrival day counts as started).
        expect(await mine(w.app, w.guest.token, later.id)).toMatchObject({
          cancellation_policy: { free_until_days: 0, late_refund_percent: 100 },
          free_cancellation_until: siteDate(9),
        });
        expect((await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>()).toMatchObject({ refund_amount: 175 });
        expect((await cancelBooking(w.app, w.guest.token, later.id)).json<Booking>()).toMatchObject({ refund_amount: 350 });
      } finally {
        await setSitePolicy(w.app, w.admin, { free_until_days: 14, late_refund_percent: 50 });
      }
    });

    it('a property’s own policy wins over the site’s, for its rooms’ new bookings', async () => {
      const policy: CancellationPolicy = { free_until_days: 3, late_refund_percent: 0 };
      const room = await roomAt(w, 350, policy);
      expect((await w.app.inject({ url: `/api/rooms/${room.id}` })).json<RoomDetail>().cancellation_policy).toEqual(policy);
      expect((await w.app.inject({ url: `/api/properties/${room.property_id}` })).json().cancellation_policy).toEqual(policy);
      const early = await paidByCard(w, room, 10);
      expect((await cancelBooking(w.app, w.guest.token, early.id)).json<Booking>()).toMatchObject({ refund_amount: 350, free_cancellation_until: siteDate(7) });
      const late = await paidByCard(w, room, 2);
      expect((await cancelBooking(w.app, w.guest.token, late.id)).json<Booking>()).toMatchObject({ refund_amount: 0, refund_status: 'none' });
      // Back to the site's policy: null.
      const reset = await w.app.inject({
        method: 'PUT',
        url: `/api/properties/${room.property_id}`,
        headers: bearer(w.admin),
        payload: { name: 'Test House', description: 'A quiet house', location: 'Gent, Belgium', room_count: 2, cancellation_policy: null },
      });
      expect(reset.json().cancellation_policy).toBeNull();
      expect((await w.app.inject({ url: `/api/rooms/${room.id}` })).json<RoomDetail>().cancellation_policy).toEqual({ free_until_days: 14, late_refund_percent: 50 });
    });

    it('two cancels at once refund once', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      const answers = await Promise.all([cancelBooking(w.app, w.guest.token, booking.id), cancelBooking(w.app, w.guest.token, booking.id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expectError(answers.find((a) => a.statusCode === 409)!, 409, 'booking_already_cancelled');
      expect(w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id))).toHaveLength(1);
      expect(await bookingRow(w.db, booking.id)).toMatchObject({ paidCents: 35_000, refundedCents: 35_000, refundStatus: 'succeeded' });
    });

    it('an on-site booking is cancelled without any refund call', async () => {
      const room = await newRoom(w);
      const booking = (await book(w.app, w.guest.token, { room_id: room.id, start_date: siteDate(5), end_date: siteDate(12) })).json<Booking>();
      const calls = w.stripe.requests.length + w.paypal.requests.length;
      const cancelled = (await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>();
      expect(cancelled).toMatchObject({ status: 'cancelled', paid_amount: 0, refund_amount: 0, refund_status: 'none', cancelled_by: 'guest' });
      expect(w.stripe.requests.length + w.paypal.requests.length).toBe(calls);
    });

    it('a guest may not choose the refund; nor see or cancel someone else’s booking', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      await expectRefused(w.db, () => cancelBooking(w.app, w.guest.token, booking.id, { refund_amount: 350 }), 403, 'forbidden');
      await expectRefused(w.db, () => cancelBooking(w.app, w.guest.token, booking.id, { reason: 'because' }), 403, 'forbidden');
      const other = await registerUser(w.app);
      await expectRefused(w.db, () => cancelBooking(w.app, other.token, booking.id), 403, 'forbidden');
      expectError(await quoteCancellation(w.app, other.token, booking.id), 403, 'forbidden');
      expectError(await w.app.inject({ url: `/api/bookings/${booking.id}/cancellation` }), 401, 'unauthorized');
      expectError(await quoteCancellation(w.app, w.guest.token, '00000000-0000-4000-8000-000000000000'), 404, 'booking_not_found');
      expectError(await quoteCancellation(w.app, w.guest.token, 'not-an-id'), 400, 'validation_error');
      await expectRefused(w.db, () => cancelBooking(w.app, w.guest.token, booking.id, { unknown: 1 }), 400, 'validation_error');
    });

    it('a stay that is over cannot be cancelled (409 booking_finished)', async () => {
      const room = await newRoom(w);
      const id = await insertBooking(w.db, { roomId: room.id, userId: w.guest.user.id, startDate: siteDate(-10), endDate: siteDate(-3) });
      await expectRefused(w.db, () => cancelBooking(w.app, w.guest.token, id), 409, 'booking_finished');
      await expectRefused(w.db, () => cancelBooking(w.app, w.admin, id), 409, 'booking_finished');
      const today = await insertBooking(w.db, { roomId: (await newRoom(w)).id, userId: w.guest.user.id, startDate: siteDate(-7), endDate: siteDate(0) });
      await expectRefused(w.db, () => cancelBooking(w.app, w.guest.token, today), 409, 'booking_finished');
    });
  });

  describe('an admin cancels', () => {
    it('refunds everything still refundable by default, whatever the terms, and says who cancelled', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 3);
      expect(await quoteOf(w.app, w.admin, booking.id)).toMatchObject({ refund_amount: 350, policy_refund_amount: 175, fee: 0 });
      const cancelled = (await cancelBooking(w.app, w.admin, booking.id)).json<Booking>();
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: 'admin', cancel_reason: 'admin', refund_amount: 350, refund_status: 'succeeded' });
    });

    it('or the amount given, with a reason; never more than was paid', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      await expectRefused(w.db, () => cancelBooking(w.app, w.admin, booking.id, { refund_amount: 350.01 }), 400, 'refund_too_large');
      await expectRefused(w.db, () => cancelBooking(w.app, w.admin, booking.id, { refund_amount: -1 }), 400, 'validation_error');
      await expectRefused(w.db, () => cancelBooking(w.app, w.admin, booking.id, { refund_amount: 10.001 }), 400, 'validation_error');
      await expectRefused(w.db, () => cancelBooking(w.app, w.admin, booking.id, { refund_amount: '10' }), 400, 'validation_error');
      await expectRefused(w.db, () => cancelBooking(w.app, w.admin, booking.id, { reason: 'x'.repeat(501) }), 400, 'validation_error');
      const cancelled = await cancelBooking(w.app, w.admin, booking.id, { refund_amount: 100, reason: 'Water damage' });
      expect(cancelled.json<Booking>()).toMatchObject({ status: 'cancelled', refund_amount: 100, paid_amount: 350 });
      const [row] = await w.db.select({ note: bookings.cancelNote }).from(bookings).where(eq(bookings.id, booking.id));
      expect(row?.note).toBe('Water damage');
      expect(w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id)).map((r) => r.amount)).toEqual([10_000]);
    });

    it('the figures: received is paid minus refunded, beside the confirmed revenue', async () => {
      const summary = (await w.app.inject({ url: '/api/admin/bookings/summary', headers: bearer(w.admin) })).json();
      const all = (await w.app.inject({ url: '/api/admin/bookings?limit=1000', headers: bearer(w.admin) })).json<Booking[]>();
      const received = all.reduce((sum, b) => sum + Math.round(b.paid_amount * 100) - Math.round(b.refund_amount * 100), 0);
      expect(received).toBeGreaterThan(0);
      expect(summary).toMatchObject({ received_cents: received, refunds_failed: 0 });
    });
  });
});
