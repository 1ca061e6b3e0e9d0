import { describe, expect, it } from 'vitest';
import type { Booking, BookingPayment, PaymentTerms } from '@roomweek/contract';
import { bearer, registerUser, siteDate } from '../helper.ts';
import { cancelBooking } from '../cancellation/cancellation-support.ts';
import { invoicesOf, pdfBytes, pdfText } from '../invoices/invoices-support.ts';
import { deliver, paymentStatus, usePaymentsWorld } from '../payments/payments-support.ts';
import {
  bookingOf,
  bookWeek,
  DEPOSIT_TERMS,
  payBalance,
  payBalanceByCard,
  payBalanceByPaypal,
  payDepositByCard,
  paymentsOf,
  roomWithTerms,
  setSiteTerms,
} from './balances-support.ts';

/** A week at 1,000 € with a tourist tax of 2 € per adult-night (taxes are paid with the balance) and 6 % VAT. */
const TAXED = {
  taxes: [{ code: 'tourist_tax', name: { fr: 'Taxe de séjour' }, kind: 'per_adult_night', amount: 2, max_nights: 7 }],
  vat_percent: 6,
};

describe('payment terms', () => {
  const w = usePaymentsWorld();

  it('the site’s terms: everything at booking by default; an admin changes them; nobody else; bad values 400', async () => {
    const read = () => w.app.inject({ url: '/api/payment-terms' }).then((r) => r.json<PaymentTerms>());
    expect(await read()).toEqual({ deposit_percent: 0, balance_due_days: 30, balance_grace_days: 3, overdue_action: 'notify' });
    expect((await setSiteTerms(w.app, w.guest.token, DEPOSIT_TERMS)).statusCode).toBe(403);
    expect((await w.app.inject({ method: 'PUT', url: '/api/admin/payment-terms', payload: DEPOSIT_TERMS })).statusCode).toBe(401);
    for (const bad of [
      { ...DEPOSIT_TERMS, deposit_percent: 100 },
      { ...DEPOSIT_TERMS, deposit_percent: 12.5 },
      { ...DEPOSIT_TERMS, balance_due_days: 0 },
      { ...DEPOSIT_TERMS, balance_due_days: 366 },
      { ...DEPOSIT_TERMS, balance_grace_days: 31 },
      { ...DEPOSIT_TERMS, overdue_action: 'delete' },
      { ...DEPOSIT_TERMS, deposit_percent: '30' },
    ]) {
      const refused = await setSiteTerms(w.app, w.admin, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_error' });
    }
    expect(await read()).toMatchObject({ deposit_percent: 0 });
    expect((await setSiteTerms(w.app, w.admin, DEPOSIT_TERMS)).json()).toEqual(DEPOSIT_TERMS);
    expect(await read()).toEqual(DEPOSIT_TERMS);
  });

  it('a booking copies the terms in force: the site’s, or its property’s own; later changes change no booking', async () => {
    await setSiteTerms(w.app, w.admin, { ...DEPOSIT_TERMS, deposit_percent: 20 });
    const siteRoom = await roomWithTerms(w, 700, null);
    const ownRoom = await roomWithTerms(w, 700, { ...DEPOSIT_TERMS, deposit_percent: 50, balance_due_days: 14 });
    const site = await bookWeek(w, siteRoom, 60, 'stripe');
    const own = await bookWeek(w, ownRoom, 60, 'paypal');
    expect(site).toMatchObject({ total_price: 700, deposit_amount: 140, balance_amount: 560, balance_due_date: siteDate(30), balance_status: 'due', balance_auto_charge: false });
    expect(own).toMatchObject({ deposit_amount: 350, balance_amount: 350, balance_due_date: siteDate(46), balance_status: 'due' });
    await setSiteTerms(w.app, w.admin, { ...DEPOSIT_TERMS, deposit_percent: 0 });
    expect(await bookingOf(w, site.id)).toMatchObject({ deposit_amount: 140, balance_amount: 560 });
    // Booked on or after the due date, or on site: everything at once, no balance.
    await setSiteTerms(w.app, w.admin, DEPOSIT_TERMS);
    expect(await bookWeek(w, siteRoom, 30, 'stripe')).toMatchObject({ deposit_amount: 700, balance_amount: 0, balance_due_date: null, balance_status: 'none' });
    expect(await bookWeek(w, siteRoom, 38, 'stripe')).toMatchObject({ deposit_amount: 210, balance_amount: 490, balance_due_date: siteDate(8) });
    expect(await bookWeek(w, siteRoom, 90, 'on_site')).toMatchObject({ deposit_amount: 700, balance_amount: 0, balance_status: 'none' });
  });

  it('the quote says what is paid now and what later, by when', async () => {
    const room = await roomWithTerms(w, 1000, DEPOSIT_TERMS, TAXED);
    const quote = await w.app.inject({ url: `/api/rooms/${room.id}/quote?start_date=${siteDate(60)}&end_date=${siteDate(67)}&adults=2` });
    // Rent 1,000 € + taxes 2 × 2 × 7 = 28 €: 30 % of 1,000 € now; the rest, taxes included, 30 days before.
    expect(quote.json()).toMatchObject({ total_price: 1028, taxes_total: 28, deposit_amount: 300, balance_amount: 728, balance_due_date: siteDate(30) });
  });
});

describe('a deposit now, the balance later', () => {
  const w = usePaymentsWorld();

  it('by card: the checkout charges the deposit and confirms; the balance by card pays the rest, once; each gets its invoice', async () => {
    const room = await roomWithTerms(w, 1000, DEPOSIT_TERMS, TAXED);
    const response = await w.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: bearer(w.guest.token),
      payload: { room_id: room.id, start_date: siteDate(60), end_date: siteDate(67), payment_method: 'stripe', adults: 2 },
    });
    const booking = response.json<Booking>();
    const session = await payDepositByCard(w, booking);
    expect(session.amount_total).toBe(30_000);
    expect(await bookingOf(w, booking.id)).toMatchObject({ status: 'confirmed', paid_amount: 300, balance_status: 'due', balance_amount: 728 });

    const sessionId = await payBalanceByCard(w, booking.id);
    expect(w.stripe.session(sessionId)).toMatchObject({ amount_total: 72_800, metadata: { booking_id: booking.id, purpose: 'balance' } });
    // The webhook and the status poll both report it: counted once.
    expect((await deliver(w, w.stripe.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect((await paymentStatus(w.app, w.guest.token, sessionId)).json()).toEqual({ payment_status: 'paid' });
    expect((await deliver(w, w.stripe.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await bookingOf(w, booking.id)).toMatchObject({ status: 'confirmed', paid_amount: 1028, balance_status: 'paid', refund_status: 'none' });
    expect((await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'stripe' })).json()).toMatchObject({ code: 'nothing_due' });

    const listed = await paymentsOf(w.app, w.admin, booking.id);
    expect(listed.statusCode, listed.body).toBe(200);
    const payments = listed.json<BookingPayment[]>();
    expect(payments.map((p) => [p.kind, p.method, p.amount])).toEqual([
      ['deposit', 'stripe', 300],
      ['balance', 'stripe', 728],
    ]);
    // Two invoices: the deposit (rent only: no tax) and the balance (the rest of the VAT, every tax); they add up.
    const invoices = await invoicesOf(w.app, w.guest.token, booking.id);
    expect(invoices.map((i) => i.amount)).toEqual([300, 728]);
    const [deposit, balance] = await Promise.all(invoices.map(async (i) => (await pdfText(await pdfBytes(w.app, w.guest.token, i.url))).text.replace(/\s+/g, ' ')));
    expect(deposit).toContain('Acompte sur la réservation');
    expect(balance).toContain('Solde de la réservation');
    // VAT of the rent: 1,000 × 6 / 106 = 56.60 €; the deposit covers 30 % of it (16.98 €), the balance the rest (39.62 €).
    expect(deposit).toContain('16,98');
    expect(balance).toContain('39,62');
    expect(balance).toContain('28,00');
  });

  it('by PayPal: the order is for the deposit; the balance by PayPal is captured once, whatever the retries', async () => {
    await setSiteTerms(w.app, w.admin, DEPOSIT_TERMS);
    const room = await roomWithTerms(w, 700, null);
    const booking = await bookWeek(w, room, 60, 'paypal');
    const order = await w.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', headers: bearer(w.guest.token), payload: { booking_id: booking.id } });
    const orderId = order.json<{ order_id: string }>().order_id;
    expect(w.paypal.order(orderId).purchase_units[0]!.amount.value).toBe('210.00');
    w.paypal.approve(orderId);
    await w.app.inject({ method: 'POST', url: `/api/payments/paypal/capture/${orderId}`, headers: bearer(w.guest.token) });
    expect(await bookingOf(w, booking.id)).toMatchObject({ status: 'confirmed', paid_amount: 210, balance_status: 'due' });

    const { orderId: balanceOrder, captured } = await payBalanceByPaypal(w, booking.id);
    expect(captured.json()).toEqual({ payment_status: 'paid' });
    expect(w.paypal.order(balanceOrder).purchase_units[0]!.amount.value).toBe('490.00');
    const again = await w.app.inject({ method: 'POST', url: `/api/payments/paypal/capture/${balanceOrder}`, headers: bearer(w.guest.token) });
    expect(again.json()).toEqual({ payment_status: 'paid' });
    expect(w.paypal.captures.filter((c) => c.orderId === balanceOrder)).toHaveLength(1);
    expect(await bookingOf(w, booking.id)).toMatchObject({ paid_amount: 700, balance_status: 'paid' });
  });

  it('only the booking’s guest pays its balance, and only while one is due', async () => {
    await setSiteTerms(w.app, w.admin, DEPOSIT_TERMS);
    const room = await roomWithTerms(w, 700, null);
    const booking = await bookWeek(w, room, 60, 'stripe');
    // Not confirmed yet: the deposit comes first.
    expect((await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'stripe' })).statusCode).toBe(409);
    await payDepositByCard(w, booking);
    const other = await registerUser(w.app);
    expect((await payBalance(w.app, other.token, booking.id, { payment_method: 'stripe' })).statusCode).toBe(403);
    expect((await payBalance(w.app, w.admin, booking.id, { payment_method: 'stripe' })).statusCode).toBe(403);
    expect((await w.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/balance`, payload: { payment_method: 'stripe' } })).statusCode).toBe(401);
    expect((await payBalance(w.app, w.guest.token, '00000000-0000-4000-8000-000000000000', { payment_method: 'stripe' })).statusCode).toBe(404);
    expect((await payBalance(w.app, w.guest.token, 'not-an-id', { payment_method: 'stripe' })).statusCode).toBe(400);
    expect((await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'on_site' })).statusCode).toBe(400);
    expect((await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'stripe', host_url: 'x'.repeat(501) })).statusCode).toBe(400);
    // Two clicks: one session, reused.
    const first = await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'stripe' });
    const second = await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'stripe' });
    expect(second.json()).toEqual(first.json());
    expect((await bookingOf(w, booking.id)).paid_amount).toBe(210);
  });

  it('a refund is spread over the deposit and the balance, latest first, each through its own provider', async () => {
    await setSiteTerms(w.app, w.admin, DEPOSIT_TERMS);
    const room = await roomWithTerms(w, 700, { ...DEPOSIT_TERMS }, { cancellation_policy: { free_until_days: 14, late_refund_percent: 50 } });
    const booking = await bookWeek(w, room, 60, 'stripe');
    const deposit = await payDepositByCard(w, booking);
    const { orderId } = await payBalanceByPaypal(w, booking.id);
    const captureId = w.paypal.captures.find((c) => c.orderId === orderId)!.captureId;
    // 60 days ahead: free cancellation, everything back: 490 € on the PayPal balance, 210 € on the card deposit.
    const cancelled = await cancelBooking(w.app, w.guest.token, booking.id);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refund_amount: 700, refund_status: 'succeeded' });
    expect(w.paypal.refundedOn(captureId)).toBe(49_000);
    expect(w.stripe.refundedOn(deposit.payment_intent!)).toBe(21_000);
    const payments = (await paymentsOf(w.app, w.admin, booking.id)).json<BookingPayment[]>();
    expect(payments.map((p) => [p.kind, p.refunded_amount])).toEqual([
      ['deposit', 210],
      ['balance', 490],
    ]);
    // Each refund got its credit note against its own invoice.
    const documents = await invoicesOf(w.app, w.guest.token, booking.id);
    expect(documents.map((d) => [d.kind, d.amount])).toEqual(
      expect.arrayContaining([
        ['credit_note', -490],
        ['credit_note', -210],
      ]),
    );
  });

  it('a late partial refund by the admin takes the latest payment first', async () => {
    await setSiteTerms(w.app, w.admin, DEPOSIT_TERMS);
    const room = await roomWithTerms(w, 700, null);
    const booking = await bookWeek(w, room, 60, 'stripe');
    const deposit = await payDepositByCard(w, booking);
    const balanceSession = await payBalanceByCard(w, booking.id);
    await paymentStatus(w.app, w.guest.token, balanceSession);
    const balanceIntent = w.stripe.session(balanceSession).payment_intent!;
    const refund = await w.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/refund`,
      headers: { ...bearer(w.admin), 'idempotency-key': 'goodwill-1' },
      payload: { amount: 500 },
    });
    expect(refund.json()).toMatchObject({ refund_amount: 500 });
    expect(w.stripe.refundedOn(balanceIntent)).toBe(49_000);
    expect(w.stripe.refundedOn(deposit.payment_intent!)).toBe(1_000);
    // The same click again: nothing more moves.
    const repeated = await w.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/refund`,
      headers: { ...bearer(w.admin), 'idempotency-key': 'goodwill-1' },
      payload: { amount: 500 },
    });
    expect(repeated.statusCode).toBe(200);
    expect(w.stripe.refunds.filter((r) => r.payment_intent === balanceIntent || r.payment_intent === deposit.payment_intent)).toHaveLength(2);
    expect(w.stripe.refundedOn(deposit.payment_intent!)).toBe(1_000);
  });
});
