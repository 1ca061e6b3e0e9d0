import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { createProperty, createRoom, registerUser, siteDate, useFixture } from '../helper.ts';
import { pendingBooking, startCheckout, twoInstanceWorld } from '../payments/payments-support.ts';
import { invoiceNumber, invoicesOf, setBusiness } from './invoices-support.ts';


/**
 * Invoice numbers under concurrency (docs/decisions/0037-invoices.md): payments confirmed at the same moment on two
 * instances of the site take distinct, consecutive numbers from the counter row, with no gap. With TEST_DB=pg each
 * instance has its own connection pool on one PostgreSQL database (real concurrency); on PGlite they share it.
 */
describe('invoice numbers under concurrency, over two instances', () => {
  const COUNT = 30;
  const w = useFixture(twoInstanceWorld);

  it(`${COUNT} payments confirmed concurrently, half on each instance, get ${COUNT} distinct consecutive numbers`, async () => {
    await setBusiness(w.app, w.admin);
    const property = await createProperty(w.app, w.admin);
    const pending: { booking: Booking; token: string; sessionId: string }[] = [];
    for (let i = 0; i < COUNT; i += 1) {
      // A guest may hold only a few unpaid stays: one guest per booking, one room each.
      const guest = await registerUser(w.app);
      const room = await createRoom(w.app, w.admin, property.id, { price_per_week: 350 });
      const booking = await pendingBooking(w, 'stripe', { room, token: guest.token, fromDay: 20 });
      const session = await startCheckout(w, booking, guest.token);
      w.stripe.markPaid(session.id);
      pending.push({ booking, token: guest.token, sessionId: session.id });
    }
    const responses = await Promise.all(
      pending.map(({ sessionId }, i) => {
        const { payload, headers } = w.stripe.sign(w.stripe.event('checkout.session.completed', sessionId));
        const instance = i % 2 === 0 ? w.app : w.second.app;
        return instance.inject({ method: 'POST', url: '/api/payments/webhook/stripe', headers, payload });
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: COUNT }, () => 200));

    const numbers: string[] = [];
    for (const { booking, token } of pending) {
      const list = await invoicesOf(w.app, token, booking.id);
      expect(list).toHaveLength(1);
      numbers.push(list[0]!.number);
    }
    const year = siteDate(0).slice(0, 4);
    expect(numbers.sort()).toEqual(Array.from({ length: COUNT }, (_, i) => invoiceNumber(year, i + 1)));
    // Setting up 30 guests, rooms and checkouts takes most of it.
  }, 240_000);
});
