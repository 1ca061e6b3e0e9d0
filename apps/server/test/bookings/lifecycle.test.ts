import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import type { Executor } from '../../src/db/client.ts';
import type { BookingLifecycle } from '../../src/plugins/app/bookings/booking-lifecycle.ts';
import type { BookingsRepository } from '../../src/plugins/app/bookings/bookings-repository.ts';
import { bearer, book, buildTestApp, registerUser, siteDate, type TestApp } from '../helper.ts';
import { outboxRows, createStay, type Stay } from '../notifications/outbox-support.ts';
import { expectError, expireHold } from '../support.ts';
import { bookingRow } from '../payments/payments-support.ts';

/** The booking life cycle (plugins/app/bookings/booking-lifecycle.ts) against the real database. */
describe('booking life cycle', () => {
  let t: TestApp;
  let lifecycle: BookingLifecycle;
  let stay: Stay;
  let guest: { token: string; user: { id: string } };
  let day = 10;

  /** A stay of one week on dates no other test uses. */
  const nextWeek = () => {
    day += 10;
    return { start_date: siteDate(day), end_date: siteDate(day + 7) };
  };
  const held = async (method = 'stripe', dates = nextWeek(), token = guest.token) => {
    const response = await book(t.app, token, { room_id: stay.roomId, ...dates, payment_method: method });
    expect(response.statusCode).toBe(201);
    return response.json<Booking>();
  };
  const inTx = <T>(run: (tx: Parameters<Parameters<typeof t.app.db.transaction>[0]>[0]) => Promise<T>) => t.app.db.transaction(run);
  const refusedWith = async (promise: Promise<unknown>, code: string) => {
    await expect(promise).rejects.toMatchObject({ statusCode: 409, code });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    lifecycle = t.app.bookingLifecycle;
    stay = await createStay(t.app);
    guest = await registerUser(t.app);
  });
  afterAll(() => t.close());

  describe('allowed transitions', () => {
    it('opens a card booking as a pending hold and an on-site booking as confirmed, with its messages', async () => {
      const pending = await held('stripe');
      expect(pending).toMatchObject({ status: 'pending', payment_method: 'stripe' });
      expect(pending.hold_expires_at).not.toBeNull();
      expect((await outboxRows(t.app.db)).filter((row) => row.payload.booking_id === pending.id)).toHaveLength(0);

      const onSite = await held('on_site');
      expect(onSite).toMatchObject({ status: 'confirmed', hold_expires_at: null });
      const kinds = (await outboxRows(t.app.db)).filter((row) => row.payload.booking_id === onSite.id).map((row) => row.kind);
      expect(kinds.sort()).toEqual(['admin_booking_alert', 'booking_confirmation']);
    });

    it('confirms a pending hold once, writing its confirmation in the same transaction', async () => {
      const booking = await held();
      const view = await inTx((tx) => lifecycle.confirm(tx, booking.id, 'pi_1'));
      expect(view.booking).toMatchObject({ status: 'confirmed', paymentReference: 'pi_1' });
      expect((await outboxRows(t.app.db)).filter((row) => row.payload.booking_id === booking.id).map((row) => row.kind).sort()).toEqual([
        'admin_booking_alert',
        'booking_confirmation',
      ]);
    });

    it('releases only holds past their end', async () => {
      const expired = await held();
      const live = await held();
      await expireHold(t.app.db, expired.id);
      const released = await inTx((tx) => lifecycle.releaseExpired(tx, { limit: 100 }));
      expect(released).toContain(expired.id);
      expect(released).not.toContain(live.id);
      expect(await bookingRow(t.app.db, expired.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
      expect((await bookingRow(t.app.db, live.id)).status).toBe('pending');
    });

    it('confirms a released hold whose nights are still free', async () => {
      const booking = await held();
      await expireHold(t.app.db, booking.id);
      await inTx((tx) => lifecycle.releaseExpired(tx, { roomId: stay.roomId }));
      const view = await inTx((tx) => lifecycle.confirmReleased(tx, booking.id, 'pi_late'));
      expect(view?.booking).toMatchObject({ status: 'confirmed', cancelReason: null, paymentReference: 'pi_late' });
    });

    it('refuses to confirm a released hold whose nights were taken meanwhile, and changes nothing', async () => {
      const dates = nextWeek();
      const booking = await held('stripe', dates);
      await expireHold(t.app.db, booking.id);
      const other = await registerUser(t.app);
      const winner = await held('on_site', dates, other.token);
      expect(winner.status).toBe('confirmed');
      expect(await inTx((tx) => lifecycle.confirmReleased(tx, booking.id, 'pi_late'))).toBeNull();
      expect(await bookingRow(t.app.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired', paymentReference: null });
      expect(await inTx((tx) => lifecycle.retake(tx, booking.id, 10))).toBe('taken');
      expect((await bookingRow(t.app.db, booking.id)).status).toBe('cancelled');
    });

    it('takes a released hold back as pending for a capture when its nights are free', async () => {
      const booking = await held('paypal');
      await expireHold(t.app.db, booking.id);
      await inTx((tx) => lifecycle.releaseExpired(tx, { roomId: stay.roomId }));
      expect(await inTx((tx) => lifecycle.retake(tx, booking.id, 10))).toBe('held');
      const row = await bookingRow(t.app.db, booking.id);
      expect(row).toMatchObject({ status: 'pending', cancelReason: null });
      expect(row.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    });

    it('switches a hold to another provider keeping its end, or to on site confirming it', async () => {
      const booking = await held('stripe');
      const before = await bookingRow(t.app.db, booking.id);
      const paypal = await inTx((tx) => lifecycle.switchMethod(tx, booking.id, 'paypal'));
      expect(paypal.booking).toMatchObject({ status: 'pending', paymentMethod: 'paypal', holdExpiresAt: before.holdExpiresAt });
      const onSite = await inTx((tx) => lifecycle.switchMethod(tx, booking.id, 'on_site'));
      expect(onSite.booking).toMatchObject({ status: 'confirmed', paymentMethod: 'on_site', holdExpiresAt: null });
    });

    it('cancels a confirmed booking and tells the guest', async () => {
      const confirmed = await held('on_site');
      await inTx((tx) => lifecycle.cancel(tx, confirmed.id, 'admin'));
      expect(await bookingRow(t.app.db, confirmed.id)).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });
      const kinds = (await outboxRows(t.app.db)).filter((row) => row.payload.booking_id === confirmed.id).map((row) => row.kind);
      expect(kinds).toContain('booking_cancelled');
    });
  });

  describe('refused transitions change nothing', () => {
    it('refuses to confirm a confirmed or a cancelled booking', async () => {
      const confirmed = await held('on_site');
      await refusedWith(inTx((tx) => lifecycle.confirm(tx, confirmed.id, 'pi_2')), 'booking_not_payable');
      expect((await bookingRow(t.app.db, confirmed.id)).paymentReference).toBeNull();

      const cancelled = await held();
      await inTx((tx) => lifecycle.cancel(tx, cancelled.id, 'user'));
      await refusedWith(inTx((tx) => lifecycle.confirm(tx, cancelled.id, 'pi_3')), 'booking_not_payable');
      expect((await bookingRow(t.app.db, cancelled.id)).status).toBe('cancelled');
    });

    it('refuses to cancel twice, to take back a hold cancelled by the guest, and to switch an expired hold', async () => {
      const booking = await held();
      await inTx((tx) => lifecycle.cancel(tx, booking.id, 'user'));
      await refusedWith(inTx((tx) => lifecycle.cancel(tx, booking.id, 'admin')), 'booking_already_cancelled');
      await refusedWith(inTx((tx) => lifecycle.confirmReleased(tx, booking.id, 'pi')), 'booking_not_payable');
      await refusedWith(inTx((tx) => lifecycle.retake(tx, booking.id, 10)), 'booking_not_payable');
      expect(await bookingRow(t.app.db, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'user' });

      const stale = await held();
      await expireHold(t.app.db, stale.id);
      await refusedWith(inTx((tx) => lifecycle.switchMethod(tx, stale.id, 'on_site')), 'booking_not_payable');
      expect((await bookingRow(t.app.db, stale.id)).status).toBe('pending');
    });

    it('refuses a transition of a booking that does not exist', async () => {
      await expect(inTx((tx) => lifecycle.confirm(tx, '00000000-0000-4000-8000-000000000000', 'pi'))).rejects.toMatchObject({
        statusCode: 404,
        code: 'booking_not_found',
      });
    });
  });

  it('confirm racing the hold job: exactly one of them takes effect', async () => {
    for (let i = 0; i < 5; i++) {
      const booking = await held();
      await expireHold(t.app.db, booking.id);
      const [confirm, release] = await Promise.allSettled([
        inTx((tx) => lifecycle.confirm(tx, booking.id, `pi_race_${i}`)),
        inTx((tx) => lifecycle.releaseExpired(tx, { limit: 100 })),
      ]);
      const row = await bookingRow(t.app.db, booking.id);
      const released = release.status === 'fulfilled' && release.value.includes(booking.id);
      if (row.status === 'confirmed') {
        expect(confirm.status).toBe('fulfilled');
        expect(released).toBe(false);
      } else {
        expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'expired', paymentReference: null });
        expect(released).toBe(true);
        expect(confirm).toMatchObject({ status: 'rejected', reason: { code: 'booking_not_payable' } });
      }
    }
  });

  describe('POST /api/bookings and the guest\'s own hold', () => {
    it('re-uses the hold when the same guest books the same dates with another method (200, same booking)', async () => {
      const dates = nextWeek();
      const card = await held('stripe', dates);
      const paypal = await book(t.app, guest.token, { room_id: stay.roomId, ...dates, payment_method: 'paypal' });
      expect(paypal.statusCode).toBe(200);
      expect(paypal.json<Booking>()).toMatchObject({ id: card.id, status: 'pending', payment_method: 'paypal' });
      const onSite = await book(t.app, guest.token, { room_id: stay.roomId, ...dates, payment_method: 'on_site' });
      expect(onSite.statusCode).toBe(200);
      expect(onSite.json<Booking>()).toMatchObject({ id: card.id, status: 'confirmed', payment_method: 'on_site' });
      const mine = await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) });
      expect(mine.json<Booking[]>().filter((b) => b.start_date === dates.start_date)).toHaveLength(1);
    });

    it('keeps refusing the guest\'s own hold on other, overlapping dates: the hold takes its nights', async () => {
      const dates = nextWeek();
      const first = await held('stripe', dates);
      const shifted = { start_date: siteDate(day + 2), end_date: siteDate(day + 9) };
      expectError(await book(t.app, guest.token, { room_id: stay.roomId, ...shifted, payment_method: 'paypal' }), 409, 'room_unavailable');
      expect(await bookingRow(t.app.db, first.id)).toMatchObject({ status: 'pending', paymentMethod: 'stripe' });
    });

    it("never touches another guest's hold or a confirmed booking", async () => {
      const dates = nextWeek();
      const other = await registerUser(t.app);
      const theirs = await held('stripe', dates, other.token);
      expectError(await book(t.app, guest.token, { room_id: stay.roomId, ...dates, payment_method: 'paypal' }), 409, 'room_unavailable');
      expect(await bookingRow(t.app.db, theirs.id)).toMatchObject({ status: 'pending', paymentMethod: 'stripe' });

      const ownConfirmed = await held('on_site');
      const again = await book(t.app, guest.token, {
        room_id: stay.roomId,
        start_date: ownConfirmed.start_date,
        end_date: ownConfirmed.end_date,
        payment_method: 'stripe',
      });
      expectError(again, 409, 'room_unavailable');
      expect((await bookingRow(t.app.db, ownConfirmed.id)).status).toBe('confirmed');
    });
  });

  it("the repository's update cannot carry a status: only the life cycle's writeState can (a compile error)", () => {
    const write = (repository: BookingsRepository, tx: Executor) =>
      // @ts-expect-error `status` is not a column `update` takes (BookingChanges): tsc fails if it ever becomes one.
      repository.update(tx, 'id', { status: 'cancelled' });
    expect(write).toBeTypeOf('function');
  });

  it('nothing outside the life cycle writes bookings.status', async () => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const offenders: string[] = [];
    for (const entry of await readdir(src, { recursive: true })) {
      if (!entry.endsWith('.ts')) continue;
      const file = path.join(src, entry);
      const text = await readFile(file, 'utf8');
      // SQL that sets the column, a drizzle update of the table that sets it, or a write through the repository.
      const rawWrite = /update\s+bookings\s+set[^;`]*[\s,]status\s*=/i.test(text);
      const drizzleWrite = [...text.matchAll(/\.update\(bookings\)\s*\.set\(\{([^}]*)\}/g)].some((m) => /(^|[\s,{])status:/.test(m[1]!));
      const repositoryWrite = [...text.matchAll(/repository\.update\([^{]*\{([^}]*)\}/g)].some((m) => /(^|[\s,{])status:/.test(m[1]!));
      const allowed = entry.endsWith(path.join('bookings', 'booking-lifecycle.ts'));
      if (!allowed && (rawWrite || drizzleWrite || repositoryWrite)) offenders.push(entry);
    }
    expect(offenders).toEqual([]);
  });
});
