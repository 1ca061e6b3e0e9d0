import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { buildTestApp, registerUser, usePostgres, type TestApp } from '../helper.ts';
import { expireHold, openSecondHandle } from '../support.ts';
import { bookingRow, newRoom, paymentsWorld, pendingBooking, startCheckout, type PaymentsWorld } from './payments-support.ts';

/** Instances of one site share their keys (as in production): each can read the payment secrets the other stored. */
const sharedSecrets = { SETTINGS_KEY: 'test-settings-key-shared-by-instances', JWT_SECRET: 'test-jwt-secret-shared-by-instances' };

describe('the hold job on several instances', () => {
  let w: PaymentsWorld;
  let second: TestApp;
  beforeAll(async () => {
    w = await paymentsWorld(sharedSecrets);
    // A second app instance on the same database (its own connection pool on PostgreSQL).
    const database = usePostgres ? await openSecondHandle(w.t.database) : w.t.database;
    second = await buildTestApp({ env: { ...w.stripe.env(), ...w.paypal.env(), ...sharedSecrets }, database });
  });
  afterAll(async () => {
    await second.close();
    if (usePostgres) await second.database.drop();
    await w.close();
  });

  it('releases each expired hold once, expires each session once, and leaves live holds alone', async () => {
    const expired: string[] = [];
    const sessions: string[] = [];
    for (let i = 0; i < 6; i++) {
      const guest = await registerUser(w.app);
      const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w), token: guest.token });
      sessions.push((await startCheckout(w, booking, guest.token)).id);
      await expireHold(w.db, booking.id);
      expired.push(booking.id);
    }
    const live = await pendingBooking(w, 'paypal', { room: await newRoom(w) });

    const runs = await Promise.all([
      w.app.payments.reconciliation.releaseExpiredHolds(),
      second.app.payments.reconciliation.releaseExpiredHolds(),
      w.app.payments.reconciliation.releaseExpiredHolds(),
      second.app.payments.reconciliation.releaseExpiredHolds(),
    ]);
    const released = runs.flatMap((run) => run.released);
    expect(released.sort()).toEqual([...expired].sort());

    for (const id of expired) expect(await bookingRow(w.db, id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect((await bookingRow(w.db, live.id)).status).toBe('pending');
    for (const id of sessions) expect(w.stripe.session(id).status).toBe('expired');
    const expireCalls = w.stripe.requests.filter((r) => r.path.endsWith('/expire'));
    expect(expireCalls).toHaveLength(sessions.length);
    const [open] = await queryRows<{ n: number }>(w.db, sql`select count(*)::int as n from payment_attempts where status = 'open' and provider = 'stripe'`);
    expect(open?.n).toBe(0);
  });

  it('reconciliation on two instances settles a payment once', async () => {
    const booking = await pendingBooking(w, 'stripe', { room: await newRoom(w) });
    const session = await startCheckout(w, booking);
    w.stripe.markPaid(session.id);
    const before = w.stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${session.id}`).length;
    const runs = await Promise.all([
      w.app.payments.reconciliation.reconcile({ minAgeSeconds: 0 }),
      second.app.payments.reconciliation.reconcile({ minAgeSeconds: 0 }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(1);
    expect((await bookingRow(w.db, booking.id)).status).toBe('confirmed');
    expect(w.stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${session.id}`).length - before).toBe(1);
  });
});
