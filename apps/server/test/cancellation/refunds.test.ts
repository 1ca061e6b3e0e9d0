import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { bearer, book, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';
import { bookingRow, deliver, newRoom, usePaymentsWorld, type PaymentsWorld } from '../payments/payments-support.ts';
import { cancelBooking, mine, paidByCard, paidByPaypal, paymentIntentOf, refund, roomAt } from './cancellation-support.ts';

/** Makes every pending refund due now, as if its back-off had passed. */
const dueNow = (w: PaymentsWorld) => w.db.execute(sql`update payment_refunds set next_attempt_at = now() where status = 'pending'`);

describe('refunds through the providers', () => {
  const w = usePaymentsWorld();

  const refundsOn = (bookingId: string) => w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, bookingId));

  describe('POST /api/admin/bookings/{id}/refund', () => {
    it('refunds part of a paid booking without cancelling it; a repeated click with the same key refunds once', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      const key = 'click-0a1b2c3d4e5f';
      const answers = await Promise.all([
        refund(w.app, w.admin, booking.id, { amount: 50, reason: 'Noisy works next door' }, key),
        refund(w.app, w.admin, booking.id, { amount: 50, reason: 'Noisy works next door' }, key),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      // Both answer the one refund (the second may see it still on its way to Stripe).
      for (const answer of answers) expect(answer.json<Booking>()).toMatchObject({ status: 'confirmed', paid_amount: 350, refund_amount: 50 });
      const again = await refund(w.app, w.admin, booking.id, { amount: 50 }, key);
      expect(again.json<Booking>()).toMatchObject({ refund_amount: 50, refund_status: 'succeeded' });
      expect(refundsOn(booking.id).map((r) => r.amount)).toEqual([5_000]);
      // Another click is another refund; then the guest's cancellation refunds what is left under the terms.
      expect((await refund(w.app, w.admin, booking.id, { amount: 20 }, 'click-second-0001')).json<Booking>()).toMatchObject({ refund_amount: 70 });
      const cancelled = (await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>();
      expect(cancelled).toMatchObject({ status: 'cancelled', refund_amount: 350, refund_status: 'succeeded' });
      expect(refundsOn(booking.id).map((r) => r.amount)).toEqual([5_000, 2_000, 28_000]);
    });

    it('refuses more than is left (400 refund_too_large), a reused key, bad input and anyone but an admin, changing nothing', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      await expectRefused(w.db, () => refund(w.app, w.admin, booking.id, { amount: 350.01 }, 'too-large-0001'), 400, 'refund_too_large');
      expect((await refund(w.app, w.admin, booking.id, { amount: 300 }, 'first-000001')).statusCode).toBe(200);
      await expectRefused(w.db, () => refund(w.app, w.admin, booking.id, { amount: 50.01 }, 'second-00001'), 400, 'refund_too_large');
      await expectRefused(w.db, () => refund(w.app, w.admin, booking.id, { amount: 10 }, 'first-000001'), 409, 'idempotency_key_reused');
      const other = await paidByCard(w, await roomAt(w, 350), 30);
      await expectRefused(w.db, () => refund(w.app, w.admin, other.id, { amount: 300 }, 'first-000001'), 409, 'idempotency_key_reused');
      for (const payload of [{ amount: 0 }, { amount: -5 }, { amount: 1.234 }, { amount: '5' }, { amount: 1e12 }, {}, { amount: 5, extra: true }, { amount: 5, reason: 'x'.repeat(501) }]) {
        await expectRefused(w.db, () => refund(w.app, w.admin, other.id, payload, 'bad-input-0001'), 400, 'validation_error');
      }
      await expectRefused(w.db, () => refund(w.app, w.admin, other.id, { amount: 5 }, 'short'), 400, 'validation_error');
      await expectRefused(w.db, () => refund(w.app, w.admin, other.id, { amount: 5 }, 'bad key with spaces'), 400, 'validation_error');
      await expectRefused(w.db, () => refund(w.app, w.guest.token, other.id, { amount: 5 }, 'guest-key-0001'), 403, 'forbidden');
      await expectRefused(w.db, () => w.app.inject({ method: 'POST', url: `/api/admin/bookings/${other.id}/refund`, payload: { amount: 5 } }), 401, 'unauthorized');
      await expectRefused(w.db, () => refund(w.app, w.admin, '00000000-0000-4000-8000-000000000000', { amount: 5 }, 'missing-0001'), 404, 'booking_not_found');
      await expectRefused(w.db, () => refund(w.app, w.admin, 'nope', { amount: 5 }, 'bad-id-00001'), 400, 'validation_error');
    });

    it('a booking that received nothing has nothing to refund (409 nothing_to_refund)', async () => {
      const room = await newRoom(w);
      const onSite = (await book(w.app, w.guest.token, { room_id: room.id, start_date: siteDate(40), end_date: siteDate(47) })).json<Booking>();
      await expectRefused(w.db, () => refund(w.app, w.admin, onSite.id, { amount: 5 }, 'on-site-0001'), 409, 'nothing_to_refund');
    });
  });

  describe('when the provider fails or takes its time', () => {
    it('provider down → pending → retried by the job → succeeded, once', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      w.stripe.failRefunds = 1;
      const cancelled = (await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>();
      expect(cancelled).toMatchObject({ status: 'cancelled', refund_amount: 350, refund_status: 'pending' });
      expect(refundsOn(booking.id)).toHaveLength(0);
      await dueNow(w);
      await w.app.paymentJobs.reconcile.runOnce();
      expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_amount: 350, refund_status: 'succeeded' });
      await dueNow(w);
      await w.app.paymentJobs.reconcile.runOnce();
      expect(refundsOn(booking.id).map((r) => r.amount)).toEqual([35_000]);
    });

    it('after its last try a refund is failed, shown to the admin, and an admin refund sends it again', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      w.stripe.failRefunds = 100;
      await cancelBooking(w.app, w.admin, booking.id);
      for (let i = 0; i < 6; i++) {
        await dueNow(w);
        await w.app.payments.refunds.process();
      }
      w.stripe.failRefunds = 0;
      expect(await bookingRow(w.db, booking.id)).toMatchObject({ refundStatus: 'failed', refundedCents: 0, paidCents: 35_000 });
      expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_status: 'failed', failed_refund_amount: 350, refund_amount: 0 });
      const summary = (await w.app.inject({ url: '/api/admin/bookings/summary', headers: bearer(w.admin) })).json();
      expect(summary.refunds_failed).toBe(1);
      const retried = await refund(w.app, w.admin, booking.id, { amount: 350 }, 'retry-after-failure');
      expect(retried.json<Booking>()).toMatchObject({ refund_amount: 350, refund_status: 'succeeded', failed_refund_amount: 0 });
      expect(refundsOn(booking.id).map((r) => r.amount)).toEqual([35_000]);
      expect((await w.app.inject({ url: '/api/admin/bookings/summary', headers: bearer(w.admin) })).json().refunds_failed).toBe(0);
    });

    it('a Stripe refund still processing is settled by its refund.updated webhook (re-read from Stripe)', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      w.stripe.newRefundStatus = 'pending';
      try {
        expect((await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>()).toMatchObject({ refund_status: 'pending', refund_amount: 350 });
      } finally {
        w.stripe.newRefundStatus = 'succeeded';
      }
      const [stripeRefund] = refundsOn(booking.id);
      // The job asks again later: still processing, still pending, nothing sent twice.
      await dueNow(w);
      await w.app.paymentJobs.reconcile.runOnce();
      expect((await bookingRow(w.db, booking.id)).refundStatus).toBe('pending');
      expect((await deliver(w, w.stripe.settleRefund(stripeRefund!.id, 'succeeded'))).statusCode).toBe(200);
      expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_status: 'succeeded', refund_amount: 350 });
      expect(refundsOn(booking.id)).toHaveLength(1);
    });

    it('a Stripe refund that fails at Stripe is failed here, and no longer counted as refunded', async () => {
      const booking = await paidByCard(w, await roomAt(w, 350), 30);
      w.stripe.newRefundStatus = 'pending';
      try {
        await cancelBooking(w.app, w.guest.token, booking.id);
      } finally {
        w.stripe.newRefundStatus = 'succeeded';
      }
      await deliver(w, w.stripe.settleRefund(refundsOn(booking.id)[0]!.id, 'failed'));
      expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_status: 'failed', refund_amount: 0, paid_amount: 350 });
    });

    it('a PayPal refund still processing is settled by PAYMENT.CAPTURE.REFUNDED', async () => {
      const { booking, captureId } = await paidByPaypal(w, await roomAt(w, 350), 30);
      w.paypal.newRefundStatus = 'PENDING';
      try {
        expect((await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>()).toMatchObject({ refund_status: 'pending' });
      } finally {
        w.paypal.newRefundStatus = 'COMPLETED';
      }
      const paypalRefund = w.paypal.refunds.find((r) => r.captureId === captureId)!;
      const { payload, headers } = w.paypal.delivery(w.paypal.settleRefund(paypalRefund.id, 'COMPLETED'));
      expect((await w.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers, payload })).statusCode).toBe(200);
      expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_status: 'succeeded', refund_amount: 350 });
      expect(w.paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    });
  });

  it('a guest sees only their own booking’s refund', async () => {
    const other = await registerUser(w.app);
    const list = (await w.app.inject({ url: '/api/bookings', headers: bearer(other.token) })).json<Booking[]>();
    expect(list).toEqual([]);
    expectError(await w.app.inject({ url: '/api/admin/bookings', headers: bearer(other.token) }), 403, 'forbidden');
  });
});
