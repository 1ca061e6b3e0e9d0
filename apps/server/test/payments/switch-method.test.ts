import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { book } from '../helper.ts';
import { bookingRow, newRoom, pendingBooking, startCheckout, usePaymentsWorld } from './payments-support.ts';

/** Switching payment method on the room page is one call: the server re-uses the hold and retires the old provider's session. */
describe('switching payment method', () => {
  const w = usePaymentsWorld();

  it('re-uses the hold for PayPal, and the hold job expires the card session nobody will use', async () => {
    const room = await newRoom(w);
    const card = await pendingBooking(w, 'stripe', { room });
    const session = await startCheckout(w, card);
    const response = await book(w.app, w.guest.token, { room_id: room.id, start_date: card.start_date, end_date: card.end_date, payment_method: 'paypal' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Booking>()).toMatchObject({ id: card.id, status: 'pending', payment_method: 'paypal' });

    await w.app.paymentJobs.holds.runOnce();
    expect(w.stripe.session(session.id).status).toBe('expired');
    expect((await bookingRow(w.db, card.id)).status).toBe('pending');
  });

  it('a card payment that went through before the switch was seen still confirms the booking, once', async () => {
    const room = await newRoom(w);
    const card = await pendingBooking(w, 'stripe', { room });
    const session = await startCheckout(w, card);
    w.stripe.markPaid(session.id);
    await book(w.app, w.guest.token, { room_id: room.id, start_date: card.start_date, end_date: card.end_date, payment_method: 'paypal' });

    await w.app.paymentJobs.holds.runOnce();
    expect(await bookingRow(w.db, card.id)).toMatchObject({ status: 'confirmed', refundStatus: null });
  });
});
