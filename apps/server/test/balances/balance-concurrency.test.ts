import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { bearer, book, registerUser, siteDate, useFixture } from '../helper.ts';
import { twoInstanceWorld } from '../payments/payments-support.ts';
import { bookingOf, checkoutWith, DEPOSIT_TERMS, messagesOf, roomWithTerms } from './balances-support.ts';

/**
 * The balance job on two instances at once (decision 0044): each booking's saved card is charged once and each
 * reminder queued once, whichever instance claims it. With TEST_DB=pg each instance has its own pool on one database.
 */
describe('the balance job on two instances at once', () => {
  const COUNT = 8;
  const w = useFixture(twoInstanceWorld);

  it(`${COUNT} saved cards due the same day: ${COUNT} charges, whatever the two instances run`, async () => {
    const room = await roomWithTerms(w, 700, DEPOSIT_TERMS);
    const booked: { booking: Booking; token: string }[] = [];
    for (let i = 0; i < COUNT; i += 1) {
      const guest = await registerUser(w.app);
      const response = await book(w.app, guest.token, { room_id: room.id, start_date: siteDate(60 + 7 * i), end_date: siteDate(67 + 7 * i), payment_method: 'stripe' });
      const booking = response.json<Booking>();
      await checkoutWith(w.app, guest.token, booking.id, true);
      const session = w.stripe.sessionFor(booking.id);
      w.stripe.markPaid(session.id);
      await w.app.inject({ url: `/api/payments/status/${session.id}`, headers: bearer(guest.token) });
      booked.push({ booking: await bookingOf(w, booking.id, guest.token), token: guest.token });
    }
    // Each run on the latest due date: every balance is due, every card charged.
    const today = booked.at(-1)!.booking.balance_due_date!;
    const runs = await Promise.all([w.app.balanceJob.run(today), w.second.app.balanceJob.run(today), w.app.balanceJob.run(today), w.second.app.balanceJob.run(today)]);
    expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(COUNT);
    for (const { booking, token } of booked) {
      const intents = [...w.stripe.intents.values()].filter((i) => i.off_session && i.metadata.booking_id === booking.id);
      expect(intents).toHaveLength(1);
      expect(await bookingOf(w, booking.id, token)).toMatchObject({ balance_status: 'paid', paid_amount: 700 });
      expect(await messagesOf(w, 'balance_due', booking.id)).toHaveLength(0);
    }
  }, 120_000);
});
