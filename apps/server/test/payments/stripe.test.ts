import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { bearer, book, registerUser, siteDate } from '../helper.ts';
import { expectError, expectRefused, expireHold } from '../support.ts';
import {
  bookingRow,
  checkout,
  deliver,
  newRoom,
  occupantsOfNight,
  paymentStatus,
  paymentsWorld,
  pendingBooking,
  processedEvents,
  startCheckout,
  usePaymentsWorld,
} from './payments-support.ts';

describe('card payments (Stripe Checkout)', () => {
  const w = usePaymentsWorld({ ALLOWED_ORIGINS: 'https://www.roomweek.test' });

  it('a pending card booking holds its dates until paid', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'stripe', { room });
    expect(booking).toMatchObject({ status: 'pending', payment_method: 'stripe', total_price: 350 });
    expect(Date.parse(booking.hold_expires_at!)).toBeGreaterThan(Date.now() + 25 * 60_000);

    const availability = await w.app.inject({ url: `/api/rooms/${room.id}/availability` });
    expect(availability.json().bookings).toEqual([{ start_date: siteDate(10), end_date: siteDate(17) }]);
    const other = await registerUser(w.app);
    const clash = await book(w.app, other.token, { room_id: room.id, start_date: siteDate(12), end_date: siteDate(14), payment_method: 'on_site' });
    expectError(clash, 409, 'room_unavailable');
  });

  it('checkout opens a session in EUR for the server total, returning to PUBLIC_URL, expiring with the hold', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'stripe', { room });
    const response = await checkout(w.app, w.guest.token, booking.id);
    expect(response.statusCode).toBe(200);
    const session = w.stripe.sessionFor(booking.id);
    expect(response.json()).toEqual({ url: `${w.stripe.url}/pay/${session.id}` });
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      amount_total: 35_000,
      metadata: { booking_id: booking.id },
      client_reference_id: booking.id,
      customer_email: w.guest.user.email,
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/payment-cancel',
    });
    // Stripe wants 30 min to 24 h; the hold is extended to the session's end, so both end together.
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    const row = await bookingRow(w.db, booking.id);
    expect(Math.floor(row.holdExpiresAt!.getTime() / 1000)).toBe(session.expires_at);
    expect(row.stripeSessionId).toBe(session.id);

    // A second press of "pay" reuses the open session: a booking never has two payable sessions.
    const again = await checkout(w.app, w.guest.token, booking.id);
    expect(again.json()).toEqual(response.json());
    expect(w.stripe.sessions.size).toBeGreaterThan(0);
    expect([...w.stripe.sessions.values()].filter((s) => s.metadata.booking_id === booking.id)).toHaveLength(1);
  });

  it('concurrent checkouts of one booking leave one open session', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const answers = await Promise.all(Array.from({ length: 4 }, () => checkout(w.app, w.guest.token, booking.id)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const urls = new Set(answers.map((answer) => answer.json<{ url: string }>().url));
    expect(urls.size).toBe(1);
    const open = [...w.stripe.sessions.values()].filter((s) => s.metadata.booking_id === booking.id && s.status === 'open');
    expect(open).toHaveLength(1);
  });

  it('the status poll says unpaid before payment and paid after, confirming the booking', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    const before = await paymentStatus(w.app, w.guest.token, session.id);
    expect(before.json()).toEqual({ payment_status: 'unpaid' });
    expect((await bookingRow(w.db, booking.id)).status).toBe('pending');

    w.stripe.markPaid(session.id);
    const after = await paymentStatus(w.app, w.guest.token, session.id);
    expect(after.json()).toEqual({ payment_status: 'paid' });
    const row = await bookingRow(w.db, booking.id);
    expect(row).toMatchObject({ status: 'confirmed', paymentReference: w.stripe.session(session.id).payment_intent });
    expect(row.confirmedAt).toBeInstanceOf(Date);

    const mine = await w.app.inject({ url: '/api/bookings', headers: bearer(w.guest.token) });
    expect(mine.json<Booking[]>().find((b) => b.id === booking.id)?.status).toBe('confirmed');
  });

  it('the webhook confirms a paid session', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    w.stripe.markPaid(session.id);
    const response = await deliver(w, w.stripe.event('checkout.session.completed', session.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
    expect((await paymentStatus(w.app, w.guest.token, session.id)).json()).toEqual({ payment_status: 'paid' });
  });

  it('a completed event whose session is not paid (yet) changes nothing; async_payment_succeeded confirms later', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    // A bank transfer: the session completes, the money comes later.
    Object.assign(w.stripe.session(session.id), { status: 'complete', url: null });
    const forged = w.stripe.event('checkout.session.completed', session.id);
    // The event body claims "paid"; only the re-read session counts.
    (forged.data.object as { payment_status: string }).payment_status = 'paid';
    expect((await deliver(w, forged)).statusCode).toBe(200);
    expect((await bookingRow(w.db, booking.id)).status).toBe('pending');
    expect((await paymentStatus(w.app, w.guest.token, session.id)).json()).toEqual({ payment_status: 'pending' });

    w.stripe.markPaid(session.id);
    expect((await deliver(w, w.stripe.event('checkout.session.async_payment_succeeded', session.id))).statusCode).toBe(200);
    expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
  });

  it('duplicated and concurrent deliveries confirm once', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    w.stripe.markPaid(session.id);
    const confirmed = vi.spyOn(w.app.notifier, 'bookingConfirmed');
    try {
      const eventsBefore = await processedEvents(w.db);
      const completed = w.stripe.event('checkout.session.completed', session.id);
      const succeeded = w.stripe.event('checkout.session.async_payment_succeeded', session.id);
      const deliveries = await Promise.all([
        ...Array.from({ length: 5 }, () => deliver(w, completed)),
        ...Array.from({ length: 3 }, () => deliver(w, succeeded)),
        paymentStatus(w.app, w.guest.token, session.id),
      ]);
      for (const delivery of deliveries) expect(delivery.statusCode).toBe(200);
      expect(deliveries.filter((d) => d.json<{ duplicate?: boolean }>().duplicate === true)).toHaveLength(6);
      // Later redelivery, as Stripe does for days.
      expect((await deliver(w, completed)).json()).toEqual({ received: true, duplicate: true });

      expect(confirmed).toHaveBeenCalledTimes(1);
      expect(await processedEvents(w.db)).toBe(eventsBefore + 2);
      expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
      expect(w.stripe.refunds.filter((r) => r.payment_intent === w.stripe.session(session.id).payment_intent)).toHaveLength(0);
    } finally {
      confirmed.mockRestore();
    }
  });

  it('a bad or missing signature gets 400 and changes nothing', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    w.stripe.markPaid(session.id);
    const event = w.stripe.event('checkout.session.completed', session.id);
    await expectRefused(w.db, () => deliver(w, event, 'whsec_not_ours'), 400, 'invalid_signature');
    const signed = w.stripe.sign(event);
    await expectRefused(
      w.db,
      () => w.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', headers: { 'content-type': 'application/json' }, payload: signed.payload }),
      400,
      'invalid_signature',
    );
    // The signature covers the exact bytes: a re-serialised body no longer matches.
    const tampered = signed.payload.replace('"livemode":false', '"livemode": false');
    await expectRefused(
      w.db,
      () => w.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', headers: signed.headers, payload: tampered }),
      400,
      'invalid_signature',
    );
    expect((await bookingRow(w.db, booking.id)).status).toBe('pending');
  });

  it('an expired session event releases the hold', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'stripe', { room });
    const session = await startCheckout(w, booking);
    w.stripe.expire(session.id);
    expect((await deliver(w, w.stripe.event('checkout.session.expired', session.id))).statusCode).toBe(200);
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect((await w.app.inject({ url: `/api/rooms/${room.id}/availability` })).json().bookings).toEqual([]);
    expect((await paymentStatus(w.app, w.guest.token, session.id)).json()).toEqual({ payment_status: 'expired' });
  });

  it('the hold job releases an unpaid hold, frees its dates and expires its session', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'stripe', { room });
    const session = await startCheckout(w, booking);
    await expireHold(w.db, booking.id);
    await w.app.paymentJobs.holds.runOnce();
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(w.stripe.session(session.id).status).toBe('expired');
    expect((await w.app.inject({ url: `/api/rooms/${room.id}/availability` })).json().bookings).toEqual([]);
    expectError(await checkout(w.app, w.guest.token, booking.id), 409, 'booking_not_payable');
  });

  it('a payment that arrives after the hold was released and the dates taken is refunded, never double-booked', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'stripe', { room });
    const session = await startCheckout(w, booking);
    await expireHold(w.db, booking.id);
    // Another guest takes the dates (the booking's transaction releases the dead hold first).
    const other = await registerUser(w.app);
    const taken = await book(w.app, other.token, { room_id: room.id, start_date: siteDate(10), end_date: siteDate(17), payment_method: 'on_site' });
    expect(taken.statusCode).toBe(201);
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });

    // The first guest was still on Stripe's page and pays anyway.
    w.stripe.markPaid(session.id);
    expect((await deliver(w, w.stripe.event('checkout.session.completed', session.id))).statusCode).toBe(200);

    expect(await occupantsOfNight(w.db, room.id, siteDate(12))).toBe(1);
    const row = await bookingRow(w.db, booking.id);
    expect(row).toMatchObject({ status: 'cancelled', refundStatus: 'succeeded', paymentReference: w.stripe.session(session.id).payment_intent });
    expect(w.stripe.refunds.filter((r) => r.payment_intent === row.paymentReference)).toEqual([expect.objectContaining({ amount: 35_000 })]);
    expect((await paymentStatus(w.app, w.guest.token, session.id)).json()).toEqual({ payment_status: 'refunded' });

    // The admin sees it.
    const all = await w.app.inject({ url: '/api/bookings/all', headers: bearer(w.admin) });
    expect(all.json<Booking[]>().find((b) => b.id === booking.id)).toMatchObject({ status: 'cancelled', refund_status: 'succeeded' });

    // Redelivery and later polls refund nothing more.
    await deliver(w, w.stripe.event('checkout.session.completed', session.id));
    await w.app.paymentJobs.reconcile.runOnce();
    expect(w.stripe.refunds.filter((r) => r.payment_intent === row.paymentReference)).toHaveLength(1);
  });

  it('a late payment on dates still free confirms the booking again', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'stripe', { room });
    const session = await startCheckout(w, booking);
    await expireHold(w.db, booking.id);
    await w.app.paymentJobs.holds.runOnce();
    expect((await bookingRow(w.db, booking.id)).status).toBe('cancelled');
    // The session was complete at Stripe before our expiry call landed.
    w.stripe.markPaid(session.id);
    expect((await paymentStatus(w.app, w.guest.token, session.id)).json()).toEqual({ payment_status: 'paid' });
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'confirmed', cancelReason: null, refundStatus: null });
    expect(w.stripe.refunds.filter((r) => r.payment_intent === w.stripe.session(session.id).payment_intent)).toHaveLength(0);
  });

  it('a refund the provider refuses at first is retried by the reconciliation job', async () => {
    const room = await newRoom(w);
    const booking = await pendingBooking(w, 'stripe', { room });
    const session = await startCheckout(w, booking);
    // The guest cancels while still on Stripe's page, then pays.
    expect((await w.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(w.guest.token) })).statusCode).toBe(200);
    w.stripe.markPaid(session.id);
    w.stripe.failRefunds = 1;
    expect((await deliver(w, w.stripe.event('checkout.session.completed', session.id))).statusCode).toBe(200);
    expect(await bookingRow(w.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'user', refundStatus: 'pending' });
    expect((await paymentStatus(w.app, w.guest.token, session.id)).json()).toEqual({ payment_status: 'refund_pending' });
    const refundsOfThisPayment = () => w.stripe.refunds.filter((r) => r.payment_intent === w.stripe.session(session.id).payment_intent);
    expect(refundsOfThisPayment()).toHaveLength(0);

    // Due again (the back-off is minutes; move it).
    await w.db.execute(sql`update payment_refunds set next_attempt_at = now() where booking_id = ${booking.id}`);
    await w.app.paymentJobs.reconcile.runOnce();
    expect((await bookingRow(w.db, booking.id)).refundStatus).toBe('succeeded');
    expect(refundsOfThisPayment()).toHaveLength(1);
  });

  it('reconciliation confirms a paid booking whose webhook never came', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    w.stripe.markPaid(session.id);
    await w.app.payments.reconciliation.reconcile({ minAgeSeconds: 0 });
    expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
  });

  it('a cancelled booking has its open session expired by the job', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    await w.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(w.guest.token) });
    await w.app.paymentJobs.holds.runOnce();
    expect(w.stripe.session(session.id).status).toBe('expired');
  });

  it('only the owner starts a payment; only the owner or an admin polls it', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const stranger = await registerUser(w.app);
    await expectRefused(w.db, () => checkout(w.app, stranger.token, booking.id), 403, 'forbidden');
    const session = await startCheckout(w, booking);
    expectError(await paymentStatus(w.app, stranger.token, session.id), 403, 'forbidden');
    expect((await paymentStatus(w.app, w.admin, session.id)).json()).toEqual({ payment_status: 'unpaid' });
    expectError(await w.app.inject({ url: `/api/payments/status/${session.id}` }), 401, 'unauthorized');
    expectError(await paymentStatus(w.app, w.guest.token, 'cs_test_unknown'), 404, 'booking_not_found');
  });

  it('refuses an open-redirect host_url and accepts an allowed origin', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    for (const hostUrl of ['https://evil.example', 'https://www.roomweek.test.evil.example', 'javascript:alert(1)', 'not a url', 'https://user@evil.example']) {
      await expectRefused(w.db, () => checkout(w.app, w.guest.token, booking.id, hostUrl), 400, 'invalid_return_url');
    }
    expect([...w.stripe.sessions.values()].some((s) => s.metadata.booking_id === booking.id)).toBe(false);
    const response = await checkout(w.app, w.guest.token, booking.id, 'https://www.roomweek.test/room/123');
    expect(response.statusCode).toBe(200);
    expect(w.stripe.sessionFor(booking.id)).toMatchObject({
      success_url: 'https://www.roomweek.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://www.roomweek.test/payment-cancel',
    });
  });

  it('refuses bookings that are not payable by card', async () => {
    const room = await newRoom(w);
    const onSite = await book(w.app, w.guest.token, { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37), payment_method: 'on_site' });
    await expectRefused(w.db, () => checkout(w.app, w.guest.token, onSite.json<Booking>().id), 409, 'booking_not_payable');
    const paypal = await pendingBooking(w, 'paypal', { room, fromDay: 40 });
    await expectRefused(w.db, () => checkout(w.app, w.guest.token, paypal.id), 409, 'booking_not_payable');
    const expired = await pendingBooking(w, 'stripe', { room, fromDay: 50 });
    await expireHold(w.db, expired.id);
    await expectRefused(w.db, () => checkout(w.app, w.guest.token, expired.id), 409, 'booking_not_payable');
    await expectRefused(
      w.db,
      () => checkout(w.app, w.guest.token, '00000000-0000-4000-8000-000000000000'),
      404,
      'booking_not_found',
    );
  });
});

describe('card payments without configuration', () => {
  it('answers payment_not_configured', async () => {
    const w = await paymentsWorld({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
    try {
      const booking = await pendingBooking(w, 'stripe');
      await expectRefused(w.db, () => checkout(w.app, w.guest.token, booking.id), 503, 'payment_not_configured');
      const config = await w.app.inject({ url: '/api/config' });
      expect(config.json()).toMatchObject({ stripe_enabled: false, paypal_enabled: true, paypal_client_id: w.paypal.clientId });
      expect(config.body).not.toContain(w.paypal.secret);
    } finally {
      await w.close();
    }
  });
});
