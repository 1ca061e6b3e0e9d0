import { describe, expect, it } from 'vitest';
import type { Booking, BookingPayment, InvoiceSummary } from '@roomweek/contract';
import { bearer, registerUser } from '../helper.ts';
import { signInStaff } from '../staff/staff-support.ts';
import { invoicesOf, pdfBytes, pdfText } from '../invoices/invoices-support.ts';
import { usePaymentsWorld } from '../payments/payments-support.ts';
import { cancelBooking } from '../cancellation/cancellation-support.ts';
import { adminBalance, bookingOf, bookWeek, DEPOSIT_TERMS, messagesOf, payDepositByCard, paymentsOf, recordPayment, roomWithTerms } from './balances-support.ts';

describe('money received on site, and the owner’s hand on a balance', () => {
  const w = usePaymentsWorld();

  it('records cash, transfers and card-terminal payments on an on-site booking, never past what is owed', async () => {
    const room = await roomWithTerms(w, 700, null);
    const booking = await bookWeek(w, room, 20, 'on_site');
    expect(booking).toMatchObject({ status: 'confirmed', paid_amount: 0 });
    const first = await recordPayment(w.app, w.admin, booking.id, { amount: 200, method: 'cash', note: 'at the door' });
    expect(first.statusCode).toBe(201);
    expect(first.json<Booking>()).toMatchObject({ paid_amount: 200 });
    const staff = await signInStaff(w.app);
    expect((await recordPayment(w.app, staff.token, booking.id, { amount: 150.5, method: 'card_terminal' })).json()).toMatchObject({ paid_amount: 350.5 });
    // 349.50 € left: a cent more is refused, and nothing changes.
    const over = await recordPayment(w.app, w.admin, booking.id, { amount: 349.51, method: 'bank_transfer' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'overpayment', field: 'amount' });
    expect((await recordPayment(w.app, w.admin, booking.id, { amount: 349.5, method: 'bank_transfer' })).json()).toMatchObject({ paid_amount: 700 });
    expect((await recordPayment(w.app, w.admin, booking.id, { amount: 1, method: 'cash' })).json()).toMatchObject({ code: 'nothing_due' });

    const payments = (await paymentsOf(w.app, staff.token, booking.id)).json<BookingPayment[]>();
    expect(payments.map((p) => [p.kind, p.method, p.amount, p.reference, p.note])).toEqual([
      ['recorded', 'cash', 200, null, 'at the door'],
      ['recorded', 'card_terminal', 150.5, null, ''],
      ['recorded', 'bank_transfer', 349.5, null, ''],
    ]);
    // Each is invoiced as a payment towards the booking, paid by its method; the three add up to the total.
    const invoices = await invoicesOf(w.app, w.guest.token, booking.id);
    expect(invoices.map((i: InvoiceSummary) => i.amount)).toEqual([200, 150.5, 349.5]);
    const text = (await pdfText(await pdfBytes(w.app, w.guest.token, invoices[0]!.url))).text.replace(/\s+/g, ' ');
    expect(text).toContain('Paiement sur la réservation');
    expect(text).toContain('espèces');
  });

  it('a guest cancelling a stay paid in cash: cancelled, and the owner is told to give the cash back by hand', async () => {
    const room = await roomWithTerms(w, 700, null);
    const booking = await bookWeek(w, room, 40, 'on_site');
    await recordPayment(w.app, w.admin, booking.id, { amount: 300, method: 'cash' });
    const cancelled = await cancelBooking(w.app, w.guest.token, booking.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Nothing through a provider: the 300 € (free cancellation) go back by hand.
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paid_amount: 300, refund_amount: 0 });
    const [alert] = await messagesOf(w, 'admin_cancellation_alert', booking.id);
    expect(alert!.payload).toMatchObject({ refund_by_hand_cents: 30_000 });
    // An admin's refund without cancelling cannot send cash back.
    const other = await bookWeek(w, room, 60, 'on_site');
    await recordPayment(w.app, w.admin, other.id, { amount: 100, method: 'cash' });
    const refused = await w.app.inject({ method: 'POST', url: `/api/admin/bookings/${other.id}/refund`, headers: bearer(w.admin), payload: { amount: 50 } });
    expect(refused.json()).toMatchObject({ code: 'nothing_to_refund' });
  });

  it('refuses the wrong role, someone else’s id, bad types and huge values; changes nothing', async () => {
    const room = await roomWithTerms(w, 700, null);
    const booking = await bookWeek(w, room, 30, 'on_site');
    const other = await registerUser(w.app);
    expect((await recordPayment(w.app, w.guest.token, booking.id, { amount: 10, method: 'cash' })).statusCode).toBe(403);
    expect((await recordPayment(w.app, other.token, booking.id, { amount: 10, method: 'cash' })).statusCode).toBe(403);
    expect((await w.app.inject({ method: 'POST', url: `/api/admin/bookings/${booking.id}/payments`, payload: { amount: 10, method: 'cash' } })).statusCode).toBe(401);
    expect((await paymentsOf(w.app, w.guest.token, booking.id)).statusCode).toBe(403);
    expect((await recordPayment(w.app, w.admin, '00000000-0000-4000-8000-000000000000', { amount: 10, method: 'cash' })).statusCode).toBe(404);
    expect((await paymentsOf(w.app, w.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const bad of [
      { amount: 0, method: 'cash' },
      { amount: -5, method: 'cash' },
      { amount: 10.001, method: 'cash' },
      { amount: 1e12, method: 'cash' },
      { amount: '10', method: 'cash' },
      { amount: 10, method: 'stripe' },
      { amount: 10, method: 'cash', note: 'x'.repeat(501) },
      { method: 'cash' },
    ]) {
      const refused = await recordPayment(w.app, w.admin, booking.id, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await recordPayment(w.app, w.admin, 'nope', { amount: 10, method: 'cash' })).statusCode).toBe(400);
    expect((await bookingOf(w, booking.id)).paid_amount).toBe(0);
    // A card booking still waiting for its payment is paid through its provider first.
    const held = await bookWeek(w, room, 50, 'stripe');
    expect((await recordPayment(w.app, w.admin, held.id, { amount: 10, method: 'cash' })).json()).toMatchObject({ code: 'nothing_due' });
  });

  it('mark_paid records the balance received by hand and invoices it; waive gives it up; staff may do neither', async () => {
    const room = await roomWithTerms(w, 700, DEPOSIT_TERMS);
    const first = await bookWeek(w, room, 60, 'stripe');
    await payDepositByCard(w, first);
    const staff = await signInStaff(w.app);
    expect((await adminBalance(w.app, staff.token, first.id, { action: 'mark_paid' })).statusCode).toBe(403);
    expect((await adminBalance(w.app, w.guest.token, first.id, { action: 'waive' })).statusCode).toBe(403);
    expect((await adminBalance(w.app, w.admin, first.id, { action: 'refund' })).statusCode).toBe(400);
    // No saved card: nothing to charge.
    expect((await adminBalance(w.app, w.admin, first.id, { action: 'charge_now' })).json()).toMatchObject({ code: 'no_saved_card' });
    const marked = await adminBalance(w.app, w.admin, first.id, { action: 'mark_paid', method: 'bank_transfer', note: 'IBAN ref 42' });
    expect(marked.json()).toMatchObject({ balance_status: 'paid', paid_amount: 700 });
    expect((await adminBalance(w.app, w.admin, first.id, { action: 'waive' })).json()).toMatchObject({ code: 'nothing_due' });
    const payments = (await paymentsOf(w.app, w.admin, first.id)).json<BookingPayment[]>();
    expect(payments.map((p) => [p.kind, p.method, p.amount, p.note])).toEqual([
      ['deposit', 'stripe', 210, ''],
      ['balance', 'bank_transfer', 490, 'IBAN ref 42'],
    ]);
    expect((await invoicesOf(w.app, w.guest.token, first.id)).map((i) => i.amount)).toEqual([210, 490]);

    const second = await bookWeek(w, room, 70, 'stripe');
    await payDepositByCard(w, second);
    expect((await adminBalance(w.app, w.admin, second.id, { action: 'waive', note: 'regular guest' })).json()).toMatchObject({
      balance_status: 'waived',
      paid_amount: 210,
    });
    // A waived balance is owed no more: nothing to record, nothing to pay.
    expect((await recordPayment(w.app, w.admin, second.id, { amount: 10, method: 'cash' })).json()).toMatchObject({ code: 'nothing_due' });
    expect((await w.app.inject({ method: 'POST', url: `/api/bookings/${second.id}/balance`, headers: bearer(w.guest.token), payload: { payment_method: 'stripe' } })).statusCode).toBe(409);
  });
});
