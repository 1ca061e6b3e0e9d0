import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { book, registerUser, siteDate } from '../helper.ts';
import { outboxRows } from '../notifications/outbox-support.ts';
import { expectError, expectRefused, expireHold, snapshot } from '../support.ts';
import { bookingRow, capture, createOrder, newRoom, occupantsOfNight, paymentsWorld, pendingBooking, usePaymentsWorld } from './payments-support.ts';

const DAY_MS = 24 * 3600_000;

/** A PayPal capture answered PENDING, settled later by the webhook or by reconciliation (decision 0015). */
describe('PayPal: a PENDING capture to the end', () => {
  const w = usePaymentsWorld();

  const deliver = (event: unknown, options: { forgedSignature?: boolean } = {}) => {
    const { payload, headers } = w.paypal.delivery(event, options);
    return w.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers, payload });
  };
  const attemptOf = async (orderId: string) => {
    const [row] = await queryRows<{ status: string; capture_status: string | null; capture_id: string | null }>(
      w.db,
      sql`select status, capture_status, capture_id from payment_attempts where provider = 'paypal' and external_id = ${orderId}`,
    );
    return row;
  };

  /** A PayPal booking in a room of its own whose capture PayPal answered PENDING. */
  async function pendingCapture(): Promise<{ booking: Booking; orderId: string }> {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'paypal', { room });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    w.paypal.pendNextCapture = true;
    const answer = await capture(w.app, w.guest.token, orderId);
    expect(answer.json(), answer.body).toEqual({ payment_status: 'pending' });
    return { booking, orderId };
  }

  it('keeps the booking held through the hold job; the webhook COMPLETED confirms it, and a repeat does nothing', async () => {
    const { booking, orderId } = await pendingCapture();
    const held = await bookingRow(w.db, booking.id);
    expect(held.status).toBe('pending');
    expect(held.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect(await attemptOf(orderId)).toMatchObject({ status: 'open', capture_status: 'PENDING' });

    await w.app.paymentJobs.holds.runOnce();
    expect((await bookingRow(w.db, booking.id)).status).toBe('pending');
    expect((await attemptOf(orderId))?.status).toBe('open');
    // Money is on its way: no second order, no second capture.
    await expectRefused(w.db, () => createOrder(w.app, w.guest.token, { booking_id: booking.id }), 409, 'booking_not_payable');
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'pending' });
    expect(w.paypal.captures.filter((c) => c.orderId === orderId)).toHaveLength(1);

    const event = w.paypal.completeCapture(orderId);
    const delivered = await deliver(event);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    const captureId = w.paypal.captures.find((c) => c.orderId === orderId)!.captureId;
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'confirmed', paymentReference: captureId, refundStatus: null });
    expect(await attemptOf(orderId)).toMatchObject({ status: 'paid', capture_status: 'COMPLETED', capture_id: captureId });

    const before = await snapshot(w.db);
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await snapshot(w.db)).toEqual(before);
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'paid' });
  });

  it('a DENIED capture releases the hold (payment_failed) and tells the guest', async () => {
    const { booking, orderId } = await pendingCapture();
    const delivered = await deliver(w.paypal.denyCapture(orderId));
    expect(delivered.json()).toEqual({ received: true });
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'payment_failed', refundStatus: null });
    expect(await attemptOf(orderId)).toMatchObject({ status: 'closed', capture_status: 'DECLINED' });
    expect(await occupantsOfNight(w.db, booking.room_id, siteDate(12))).toBe(0);
    const messages = (await outboxRows(w.db)).filter((row) => row.payload.booking_id === booking.id).map((row) => row.kind);
    expect(messages).toContain('booking_cancelled');
    const mine = (await w.app.inject({ url: '/api/bookings', headers: { authorization: `Bearer ${w.guest.token}` } })).json<Booking[]>();
    expect(mine.find((b) => b.id === booking.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'payment_failed' });
  });

  it('a DECLINED event does the same', async () => {
    const { booking, orderId } = await pendingCapture();
    await deliver(w.paypal.denyCapture(orderId, 'PAYMENT.CAPTURE.DECLINED'));
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'payment_failed' });
  });

  it('a COMPLETED arriving after the hold ended and the nights were taken is refunded, never double-booked', async () => {
    const { booking, orderId } = await pendingCapture();
    // Past its bound (PENDING_CAPTURE_HOLD_DAYS), the hold job releases the nights; the attempt stays open.
    await expireHold(w.db, booking.id);
    await w.app.paymentJobs.holds.runOnce();
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(await attemptOf(orderId)).toMatchObject({ status: 'open', capture_status: 'PENDING' });
    const other = await registerUser(w.app);
    expect((await book(w.app, other.token, { room_id: booking.room_id, start_date: siteDate(12), end_date: siteDate(19) })).statusCode).toBe(201);

    expect((await deliver(w.paypal.completeCapture(orderId))).json()).toEqual({ received: true });
    const captureId = w.paypal.captures.find((c) => c.orderId === orderId)!.captureId;
    expect(w.paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', refundStatus: 'succeeded' });
    expect(await occupantsOfNight(w.db, booking.room_id, siteDate(13))).toBe(1);
  });

  it('a COMPLETED after the hold ended, on nights still free, confirms the booking again', async () => {
    const { booking, orderId } = await pendingCapture();
    await expireHold(w.db, booking.id);
    await w.app.paymentJobs.holds.runOnce();
    await deliver(w.paypal.completeCapture(orderId));
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'confirmed', cancelReason: null, refundStatus: null });
  });

  it('reconciliation settles a PENDING capture that completed, or releases one that was denied', async () => {
    const completed = await pendingCapture();
    const denied = await pendingCapture();
    w.paypal.completeCapture(completed.orderId);
    w.paypal.denyCapture(denied.orderId);
    await w.app.payments.reconciliation.reconcile({ minAgeSeconds: 0 });
    expect((await bookingRow(w.db, completed.booking.id)).status).toBe('confirmed');
    expect(await bookingRow(w.db, denied.booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'payment_failed' });
  });

  it('reconciliation leaves a capture still PENDING alone, the booking held', async () => {
    const { booking, orderId } = await pendingCapture();
    await w.app.payments.reconciliation.reconcile({ minAgeSeconds: 0 });
    expect((await bookingRow(w.db, booking.id)).status).toBe('pending');
    expect(await attemptOf(orderId)).toMatchObject({ status: 'open', capture_status: 'PENDING' });
  });

  it('a PENDING capture whose answer was lost is held once PayPal tells (webhook PENDING), and confirmed later', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'paypal', { room });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    w.paypal.pendNextCapture = true;
    w.paypal.loseCaptureResponses = 1;
    expectError(await capture(w.app, w.guest.token, orderId), 502, 'payment_failed');
    expect((await bookingRow(w.db, booking.id)).holdExpiresAt!.getTime()).toBeLessThan(Date.now() + DAY_MS);

    await deliver(w.paypal.captureEvent('PAYMENT.CAPTURE.PENDING', orderId));
    expect((await bookingRow(w.db, booking.id)).holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect(await attemptOf(orderId)).toMatchObject({ capture_status: 'PENDING' });
    await deliver(w.paypal.completeCapture(orderId));
    expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
  });

  describe('hostile webhook deliveries', () => {
    const post = (payload: string, headers: Record<string, string>) =>
      w.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers, payload });

    it('refuses a delivery PayPal does not verify (400 invalid_signature) and changes nothing', async () => {
      const { booking, orderId } = await pendingCapture();
      const event = w.paypal.completeCapture(orderId);
      await expectRefused(w.db, () => deliver(event, { forgedSignature: true }), 400, 'invalid_signature');
      expect(w.paypal.verifications.at(-1)).toBe('FAILURE');

      // A genuine signature over another body: the event was altered on the way.
      const { headers } = w.paypal.delivery(event);
      const altered = JSON.stringify({ ...event, event_type: 'PAYMENT.CAPTURE.COMPLETED', id: 'WH-ALTERED' });
      await expectRefused(w.db, () => post(altered, headers), 400, 'invalid_signature');

      // Missing transmission headers: refused before PayPal is asked.
      const asked = w.paypal.verifications.length;
      await expectRefused(w.db, () => post(JSON.stringify(event), { 'content-type': 'application/json' }), 400, 'invalid_signature');
      expect(w.paypal.verifications.length).toBe(asked);
      expect((await bookingRow(w.db, booking.id)).status).toBe('pending');
    });

    it('refuses bodies that are not a PayPal event (400), without asking PayPal', async () => {
      const { headers } = w.paypal.delivery({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' });
      const asked = w.paypal.verifications.length;
      for (const body of ['not json', '[]', 'null', '{"id": 42, "event_type": "PAYMENT.CAPTURE.COMPLETED"}', `{"id":"${'x'.repeat(300)}","event_type":"A"}`]) {
        await expectRefused(w.db, () => post(body, headers), 400, 'validation_error');
      }
      expect(w.paypal.verifications.length).toBe(asked);
      const huge = await post(JSON.stringify({ id: 'WH-2', event_type: 'X', padding: 'x'.repeat(2_000_000) }), headers);
      expectError(huge, 413, 'payload_too_large');
    });

    it('acknowledges events about orders that are not ours, or of other types, and changes no booking', async () => {
      const { booking, orderId } = await pendingCapture();
      const foreign = { ...w.paypal.captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId) };
      foreign.resource = { ...foreign.resource, id: 'NOTOURCAPTURE', supplementary_data: { related_ids: { order_id: 'NOTOURORDER' } } };
      expect((await deliver(foreign)).json()).toEqual({ received: true });
      expect((await deliver({ ...foreign, id: 'WH-OTHER-TYPE', event_type: 'CHECKOUT.ORDER.APPROVED' })).json()).toEqual({ received: true });
      expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'pending' });
      expect(await attemptOf(orderId)).toMatchObject({ status: 'open', capture_status: 'PENDING' });
    });
  });
});

describe('PayPal webhook without a webhook id', () => {
  it('answers 503 payment_not_configured and changes nothing', async () => {
    const w = await paymentsWorld({ PAYPAL_WEBHOOK_ID: '' });
    try {
      const { payload, headers } = w.paypal.delivery({ id: 'WH-3', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} });
      await expectRefused(w.db, () => w.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers, payload }), 503, 'payment_not_configured');
      expect(w.paypal.verifications).toHaveLength(0);
    } finally {
      await w.close();
    }
  });
});
