import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { addDays } from '@roomweek/contract';
import { bearer } from '../helper.ts';
import { usePaymentsWorld } from '../payments/payments-support.ts';
import {
  adminBalance,
  bookingOf,
  bookWeek,
  DEPOSIT_TERMS,
  messagesOf,
  payBalance,
  payDepositByCard,
  roomWithTerms,
  setSiteTerms,
} from './balances-support.ts';

const overdueList = (w: ReturnType<typeof usePaymentsWorld>) =>
  w.app.inject({ url: '/api/admin/balances/overdue', headers: bearer(w.admin) }).then((r) => r.json<{ booking_id: string }[]>());

describe('the balance job: reminders, automatic charges, overdue balances', () => {
  const w = usePaymentsWorld();

  /** A card booking 60 days ahead with a 30 % deposit paid: its balance is due in 30 days. */
  async function depositPaid(terms: Record<string, unknown> = DEPOSIT_TERMS, saveCard = false): Promise<Booking> {
    const room = await roomWithTerms(w, 700, terms);
    const booking = await bookWeek(w, room, 60, 'stripe');
    await payDepositByCard(w, booking, { saveCard });
    return bookingOf(w, booking.id);
  }

  it('reminds once when the due date is 7 days away, once on the day; not the day before either', async () => {
    const booking = await depositPaid();
    const due = booking.balance_due_date!;
    const run = (today: string) => w.app.balanceJob.run(today);
    await run(addDays(due, -8));
    expect(await messagesOf(w, 'balance_reminder', booking.id)).toHaveLength(0);
    await run(addDays(due, -7));
    const [soon] = await messagesOf(w, 'balance_reminder', booking.id);
    expect(soon).toMatchObject({ channel: 'email', recipient: booking.user_email, language: 'fr' });
    expect(soon!.payload).toMatchObject({ balance_cents: 49_000, balance_due_date: due });
    await run(addDays(due, -6));
    expect(await messagesOf(w, 'balance_reminder', booking.id)).toHaveLength(1);
    await run(addDays(due, -1));
    expect(await messagesOf(w, 'balance_due', booking.id)).toHaveLength(0);
    await run(due);
    await run(due);
    expect(await messagesOf(w, 'balance_due', booking.id)).toHaveLength(1);
    // Reminders never make a balance overdue: that waits for the grace days.
    expect(await bookingOf(w, booking.id)).toMatchObject({ balance_status: 'due' });
  });

  it('a balance unpaid past the grace days is overdue (notify): the owner is told once, the dashboard lists it', async () => {
    const booking = await depositPaid();
    const due = booking.balance_due_date!;
    await w.app.balanceJob.run(addDays(due, 3));
    expect((await bookingOf(w, booking.id)).balance_status).toBe('due');
    expect((await overdueList(w)).map((row) => row.booking_id)).not.toContain(booking.id);
    await w.app.balanceJob.run(addDays(due, 4));
    await w.app.balanceJob.run(addDays(due, 5));
    expect(await bookingOf(w, booking.id)).toMatchObject({ status: 'confirmed', balance_status: 'overdue' });
    expect(await messagesOf(w, 'admin_balance_overdue', booking.id)).toEqual([expect.objectContaining({ channel: 'whatsapp' })]);
    expect(await overdueList(w)).toContainEqual(expect.objectContaining({ booking_id: booking.id, balance_amount: 490, balance_due_date: due }));
    // Still payable by the guest: paying clears it.
    const paid = await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'stripe' });
    expect(paid.statusCode).toBe(200);
    // Staff see the list; guests do not.
    expect((await w.app.inject({ url: '/api/admin/balances/overdue', headers: bearer(w.guest.token) })).statusCode).toBe(403);
  });

  it('overdue with overdue_action cancel: cancelled by the system, the deposit refunded as the cancellation terms say', async () => {
    const booking = await depositPaid({ ...DEPOSIT_TERMS, overdue_action: 'cancel' });
    const due = booking.balance_due_date!;
    // 30 days before arrival: the default terms (14 days free) still give everything back.
    const run = await w.app.balanceJob.run(addDays(due, 4));
    expect(run).toMatchObject({ overdue: expect.any(Number), cancelled: expect.any(Number) });
    expect(await bookingOf(w, booking.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'system', refund_amount: 210, balance_status: 'overdue' });
    expect(await messagesOf(w, 'booking_cancelled', booking.id)).toHaveLength(1);
    expect(w.stripe.refundedOn(w.stripe.sessionFor(booking.id).payment_intent!)).toBe(21_000);
  });

  it('a saved card is charged on the due date, once, whatever the reruns; not the day before', async () => {
    await setSiteTerms(w.app, w.admin, DEPOSIT_TERMS);
    const booking = await depositPaid(DEPOSIT_TERMS, true);
    expect(booking.balance_auto_charge).toBe(true);
    expect(w.stripe.sessionFor(booking.id)).toMatchObject({ setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) });
    const due = booking.balance_due_date!;
    const offSession = () => [...w.stripe.intents.values()].filter((i) => i.off_session && i.metadata.booking_id === booking.id);
    await w.app.balanceJob.run(addDays(due, -1));
    expect(offSession()).toHaveLength(0);
    await w.app.balanceJob.run(due);
    await w.app.balanceJob.run(due);
    await w.app.balanceJob.run(addDays(due, 1));
    expect(offSession()).toEqual([expect.objectContaining({ amount: 49_000, status: 'succeeded' })]);
    expect(await bookingOf(w, booking.id)).toMatchObject({ paid_amount: 700, balance_status: 'paid' });
    // Paid by the card on the day: no reminder of that day.
    expect(await messagesOf(w, 'balance_due', booking.id)).toHaveLength(0);
  });

  it('Stripe unreachable on the due date: tried again at the next run, charged once', async () => {
    const booking = await depositPaid(DEPOSIT_TERMS, true);
    const due = booking.balance_due_date!;
    w.stripe.failIntents = 3;
    expect(await w.app.balanceJob.run(due)).toMatchObject({ charged: 0 });
    expect(await bookingOf(w, booking.id)).toMatchObject({ balance_status: 'due' });
    expect(await messagesOf(w, 'balance_charge_failed', booking.id)).toHaveLength(0);
    w.stripe.failIntents = 0;
    expect(await w.app.balanceJob.run(addDays(due, 1))).toMatchObject({ charged: 1 });
    expect(await bookingOf(w, booking.id)).toMatchObject({ balance_status: 'paid', paid_amount: 700 });
    expect([...w.stripe.intents.values()].filter((i) => i.off_session && i.metadata.booking_id === booking.id)).toHaveLength(1);
  });

  it('a declined or authentication-requiring charge becomes an e-mail with a pay link; the owner may charge again', async () => {
    const booking = await depositPaid(DEPOSIT_TERMS, true);
    w.stripe.offSession = ['authentication_required'];
    const run = await w.app.balanceJob.run(booking.balance_due_date!);
    expect(run.refused).toBeGreaterThanOrEqual(1);
    const [failed] = await messagesOf(w, 'balance_charge_failed', booking.id);
    expect(failed).toMatchObject({ channel: 'email', recipient: booking.user_email });
    expect(await bookingOf(w, booking.id)).toMatchObject({ paid_amount: 210, balance_status: 'due' });
    // The link leads to paying by oneself, which works.
    expect((await payBalance(w.app, w.guest.token, booking.id, { payment_method: 'stripe' })).statusCode).toBe(200);
    // The owner charges now: declined again, then through.
    w.stripe.offSession = ['card_declined'];
    expect((await adminBalance(w.app, w.admin, booking.id, { action: 'charge_now' })).json()).toMatchObject({ balance_status: 'due' });
    const charged = await adminBalance(w.app, w.admin, booking.id, { action: 'charge_now' });
    expect(charged.json()).toMatchObject({ balance_status: 'paid', paid_amount: 700 });
    expect((await adminBalance(w.app, w.admin, booking.id, { action: 'charge_now' })).json()).toMatchObject({ code: 'nothing_due' });
  });
});
