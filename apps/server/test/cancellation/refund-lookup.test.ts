import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bookingRow, usePaymentsWorld, type PaymentsWorld } from '../payments/payments-support.ts';
import { cancelBooking, mine, paidByCard, paidByPaypal, paymentIntentOf, roomAt } from './cancellation-support.ts';

/** Makes every pending refund due now, as if its back-off had passed. */
const dueNow = (w: PaymentsWorld) => w.db.execute(sql`update payment_refunds set next_attempt_at = now() where status = 'pending'`);

const refundRow = (w: PaymentsWorld, bookingId: string) =>
  queryRows<{ status: string; provider_refund_id: string | null; last_error: string | null; attempts: number }>(
    w.db,
    sql`select status, provider_refund_id, last_error, attempts from payment_refunds where booking_id = ${bookingId}`,
  );

/** Runs the refunds job `times` times, each with the back-off passed. */
async function retry(w: PaymentsWorld, times: number) {
  for (let i = 0; i < times; i++) {
    await dueNow(w);
    await w.app.payments.refunds.process();
  }
}

describe('a refund whose calls all failed is given up only after asking the provider for the payment’s refunds', () => {
  const w = usePaymentsWorld();

  it('Stripe: the first call went through but its answer was lost, the next ones failed → found by its key, succeeded, sent once', async () => {
    const booking = await paidByCard(w, await roomAt(w, 350), 30);
    w.stripe.loseRefundAnswers = 1;
    w.stripe.failRefunds = 100;
    try {
      expect((await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>()).toMatchObject({ status: 'cancelled', refund_status: 'pending' });
      await retry(w, 6);
    } finally {
      w.stripe.failRefunds = 0;
      w.stripe.loseRefundAnswers = 0;
    }
    const atStripe = w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id));
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]!.metadata).toEqual({ roomweek_refund: expect.stringMatching(/^refund-/) });
    expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_status: 'succeeded', refund_amount: 350, failed_refund_amount: 0 });
    expect(await refundRow(w, booking.id)).toEqual([expect.objectContaining({ status: 'succeeded', provider_refund_id: atStripe[0]!.id })]);
    expect(w.stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('Stripe: a lost refund still processing there is kept pending and followed by its id', async () => {
    const booking = await paidByCard(w, await roomAt(w, 350), 30);
    w.stripe.loseRefundAnswers = 1;
    w.stripe.failRefunds = 100;
    w.stripe.newRefundStatus = 'pending';
    try {
      await cancelBooking(w.app, w.guest.token, booking.id);
      await retry(w, 6);
    } finally {
      w.stripe.failRefunds = 0;
      w.stripe.loseRefundAnswers = 0;
      w.stripe.newRefundStatus = 'succeeded';
    }
    const [atStripe] = w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id));
    expect(await refundRow(w, booking.id)).toEqual([expect.objectContaining({ status: 'pending', provider_refund_id: atStripe!.id })]);
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ refundStatus: 'pending', refundedCents: 35_000 });
  });

  it('Stripe: while its refunds cannot be read the refund stays pending; once read and absent, it is failed', async () => {
    const booking = await paidByCard(w, await roomAt(w, 350), 30);
    w.stripe.failRefunds = 100;
    w.stripe.failRefundLists = 100;
    try {
      await cancelBooking(w.app, w.guest.token, booking.id);
      await retry(w, 8);
      expect(await bookingRow(w.db, booking.id)).toMatchObject({ refundStatus: 'pending' });
      expect((await refundRow(w, booking.id))[0]!.last_error).toMatch(/refunds could not be read/);
      w.stripe.failRefundLists = 0;
      await retry(w, 1);
    } finally {
      w.stripe.failRefunds = 0;
      w.stripe.failRefundLists = 0;
    }
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ refundStatus: 'failed', refundedCents: 0 });
    expect(w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id))).toHaveLength(0);
  });

  it('PayPal: a refund made but its answer lost, then PayPal down → found among the order’s refunds by custom_id, succeeded', async () => {
    const { booking, captureId } = await paidByPaypal(w, await roomAt(w, 350), 30);
    w.paypal.loseRefundResponses = 1;
    w.paypal.failRefunds = 100;
    try {
      await cancelBooking(w.app, w.guest.token, booking.id);
      await retry(w, 6);
    } finally {
      w.paypal.failRefunds = 0;
      w.paypal.loseRefundResponses = 0;
    }
    const atPaypal = w.paypal.refunds.filter((r) => r.captureId === captureId);
    expect(atPaypal).toHaveLength(1);
    expect(atPaypal[0]!.customId).toMatch(/^refund-/);
    expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_status: 'succeeded', refund_amount: 350 });
    expect(await refundRow(w, booking.id)).toEqual([expect.objectContaining({ status: 'succeeded', provider_refund_id: atPaypal[0]!.id })]);
  });

  it('PayPal: nothing went through → the order lists no refund of ours → failed, for the admin to act', async () => {
    const { booking, captureId } = await paidByPaypal(w, await roomAt(w, 350), 30);
    w.paypal.failRefunds = 100;
    try {
      await cancelBooking(w.app, w.guest.token, booking.id);
      await retry(w, 6);
    } finally {
      w.paypal.failRefunds = 0;
    }
    expect(w.paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(0);
    expect(await mine(w.app, w.guest.token, booking.id)).toMatchObject({ refund_status: 'failed', failed_refund_amount: 350, refund_amount: 0 });
    expect(w.paypal.requests.some((r) => r.method === 'GET' && r.path === `/v2/payments/captures/${captureId}`)).toBe(true);
  });
});
