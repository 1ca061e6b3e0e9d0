import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, book, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused, expireHold } from '../support.ts';
import { bookingRow, capture, createOrder, newRoom, occupantsOfNight, paymentsWorld, pendingBooking, usePaymentsWorld } from './payments-support.ts';

describe('PayPal payments (Orders v2)', () => {
  const w = usePaymentsWorld();

  const capturesOf = (orderId: string) => w.paypal.captures.filter((c) => c.orderId === orderId);

  it('creates an order for the booking total in EUR with return and cancel URLs on this site', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const response = await createOrder(w.app, w.guest.token, {
      booking_id: booking.id,
      return_url: 'http://localhost:3000/paypal-success',
      cancel_url: 'http://localhost:3000/payment-cancel',
    });
    expect(response.statusCode).toBe(200);
    const { order_id: orderId } = response.json<{ order_id: string }>();
    const order = w.paypal.order(orderId);
    expect(order.intent).toBe('CAPTURE');
    expect(order.purchase_units[0]).toMatchObject({ custom_id: booking.id, amount: { currency_code: 'EUR', value: '350.00' } });
    expect(order.payment_source?.paypal?.experience_context).toMatchObject({
      return_url: 'http://localhost:3000/paypal-success',
      cancel_url: 'http://localhost:3000/payment-cancel',
    });
    expect((await bookingRow(w.db, booking.id)).paypalOrderId).toBe(orderId);
  });

  it('captures an approved order, confirming the booking; a repeated capture does not charge twice', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);

    const first = await capture(w.app, w.guest.token, orderId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ payment_status: 'paid' });
    const row = await bookingRow(w.db, booking.id);
    expect(row).toMatchObject({ status: 'confirmed', paymentReference: capturesOf(orderId)[0]!.captureId });

    const again = await capture(w.app, w.guest.token, orderId);
    expect(again.json()).toEqual({ payment_status: 'paid' });
    expect(capturesOf(orderId)).toHaveLength(1);
    expect(capturesOf(orderId)[0]!.requestId).toBe(`capture-${booking.id}-${orderId}-0`);
  });

  it('concurrent captures charge once', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    const answers = await Promise.all(Array.from({ length: 4 }, () => capture(w.app, w.guest.token, orderId)));
    for (const answer of answers) expect(answer.json()).toEqual({ payment_status: 'paid' });
    expect(capturesOf(orderId)).toHaveLength(1);
    expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
  });

  it('a capture whose answer was lost is retried with the same PayPal-Request-Id and charges once', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    w.paypal.loseCaptureResponses = 1;
    const lost = await capture(w.app, w.guest.token, orderId);
    expectError(lost, 502, 'payment_failed');
    expect((await bookingRow(w.db, booking.id)).status).toBe('pending');
    expect(capturesOf(orderId)).toHaveLength(1);

    const retried = await capture(w.app, w.guest.token, orderId);
    expect(retried.json()).toEqual({ payment_status: 'paid' });
    expect(capturesOf(orderId)).toHaveLength(1);
    const requestIds = w.paypal.requests.filter((r) => r.path.endsWith(`/${orderId}/capture`)).map((r) => r.requestId);
    expect(requestIds).toEqual([`capture-${booking.id}-${orderId}-0`, `capture-${booking.id}-${orderId}-0`]);
  });

  it('keeps the OAuth token until it expires', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    for (let i = 0; i < 3; i++) await createOrder(w.app, w.guest.token, { booking_id: booking.id });
    expect(w.paypal.tokensIssued).toBe(1);
  });

  it('an unapproved or declined order is not paid, and can be paid once approved with another card', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    expectError(await capture(w.app, w.guest.token, orderId), 402, 'payment_failed');
    w.paypal.approve(orderId);
    w.paypal.declineNextCapture = true;
    expectError(await capture(w.app, w.guest.token, orderId), 402, 'payment_failed');
    expect(w.paypal.declineNextCapture).toBe(false);
    expect((await bookingRow(w.db, booking.id)).status).toBe('pending');
    expect(capturesOf(orderId)).toHaveLength(0);
    // The payer picks another card at PayPal and approves again: a refused try used up its request id, so this one is new.
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'paid' });
    expect(capturesOf(orderId)).toEqual([expect.objectContaining({ requestId: `capture-${booking.id}-${orderId}-2` })]);
  });

  it('another user cannot create, nor capture, someone else’s payment', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const stranger = await registerUser(w.app);
    await expectRefused(w.db, () => createOrder(w.app, stranger.token, { booking_id: booking.id }), 403, 'forbidden');
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    await expectRefused(w.db, () => capture(w.app, stranger.token, orderId), 403, 'forbidden');
    expectError(await w.app.inject({ method: 'POST', url: `/api/payments/paypal/capture/${orderId}` }), 401, 'unauthorized');
    expect(capturesOf(orderId)).toHaveLength(0);
    expectError(await capture(w.app, w.guest.token, 'UNKNOWNORDER1'), 404, 'booking_not_found');
  });

  it('refuses return and cancel URLs off this site', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    await expectRefused(
      w.db,
      () => createOrder(w.app, w.guest.token, { booking_id: booking.id, return_url: 'https://evil.example/paypal-success' }),
      400,
      'invalid_return_url',
    );
    await expectRefused(
      w.db,
      () => createOrder(w.app, w.guest.token, { booking_id: booking.id, cancel_url: '//evil.example/payment-cancel' }),
      400,
      'invalid_return_url',
    );
  });

  it('a capture after the hold expired takes the dates back when they are free', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'paypal', { room });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    await expireHold(w.db, booking.id);
    await w.app.paymentJobs.holds.runOnce();
    expect((await bookingRow(w.db, booking.id)).status).toBe('cancelled');
    w.paypal.approve(orderId);
    const answer = await capture(w.app, w.guest.token, orderId);
    expect(answer.json(), answer.body).toEqual({ payment_status: 'paid' });
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'confirmed', cancelReason: null });
  });

  it('a capture after the hold expired and the dates were taken charges nothing', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'paypal', { room });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    await expireHold(w.db, booking.id);
    const other = await registerUser(w.app);
    expect((await book(w.app, other.token, { room_id: room.id, start_date: siteDate(12), end_date: siteDate(19) })).statusCode).toBe(201);
    w.paypal.approve(orderId);
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'expired' });
    expect(capturesOf(orderId)).toHaveLength(0);
    expect(await occupantsOfNight(w.db, room.id, siteDate(13))).toBe(1);
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', refundStatus: null });
  });

  it('reconciliation captures an approved order whose capture call never came', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    await w.app.payments.reconciliation.reconcile({ minAgeSeconds: 0 });
    expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
    expect(capturesOf(orderId)).toHaveLength(1);
    // The browser comes back later: nothing more is charged.
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'paid' });
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('money taken for a booking cancelled meanwhile is refunded through PayPal', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    // PayPal captures, but its answer is lost; then the admin cancels the booking.
    w.paypal.loseCaptureResponses = 1;
    expectError(await capture(w.app, w.guest.token, orderId), 502, 'payment_failed');
    expect((await w.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(w.admin) })).statusCode).toBe(200);

    // The job that closes the payments of cancelled bookings asks PayPal, finds the money and gives it back.
    await w.app.paymentJobs.holds.runOnce();
    const captureId = capturesOf(orderId)[0]!.captureId;
    expect(w.paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'admin', refundStatus: 'succeeded' });

    // The guest's browser retries the capture: told the truth, nothing charged or refunded again.
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'refunded' });
    expect(capturesOf(orderId)).toHaveLength(1);
    expect(w.paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
  });

  it('a lost capture answer for a booking cancelled meanwhile is found by the capture retry too', async () => {
    const booking = await pendingBooking(w, 'paypal', { room: await newRoom(w) });
    const { order_id: orderId } = (await createOrder(w.app, w.guest.token, { booking_id: booking.id })).json<{ order_id: string }>();
    w.paypal.approve(orderId);
    w.paypal.loseCaptureResponses = 1;
    expectError(await capture(w.app, w.guest.token, orderId), 502, 'payment_failed');
    await w.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(w.guest.token) });
    expect((await capture(w.app, w.guest.token, orderId)).json()).toEqual({ payment_status: 'refunded' });
    expect(capturesOf(orderId)).toHaveLength(1);
    expect(w.paypal.refunds.filter((r) => r.captureId === capturesOf(orderId)[0]!.captureId)).toHaveLength(1);
  });
});

describe('PayPal without credentials', () => {
  it('answers payment_not_configured', async () => {
    const w = await paymentsWorld();
    try {
      await w.db.execute(sql`delete from settings where key in ('paypal_client_id', 'paypal_secret')`);
      const booking = await pendingBooking(w, 'paypal');
      await expectRefused(w.db, () => createOrder(w.app, w.guest.token, { booking_id: booking.id }), 503, 'payment_not_configured');
      expect((await w.app.inject({ url: '/api/config' })).json()).toMatchObject({ paypal_enabled: false, paypal_client_id: '' });
    } finally {
      await w.close();
    }
  });
});
