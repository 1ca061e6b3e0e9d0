import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyReview, MyReviewSlot } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { constraintName, sqlState } from '../../src/lib/errors.ts';
import { bearer, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { expectRefused } from '../support.ts';
import { guestWithStay, reviewWorld, writeReview } from './review-support.ts';

const GOOD = { rating: 4, comment: 'Calme et propre.', language: 'fr' };

describe('writing a review: who and when (issue 33)', () => {
  const t = useAdminApp();

  it('the guest of a stay that ended writes one review, answered with its 48-hour edit window', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-10), siteDate(-3));
    const response = await writeReview(t.app, guest.token, bookingId, { rating: 5, comment: '  Superbe séjour  ', language: 'fr' });
    expect(response.statusCode).toBe(201);
    const review = response.json<MyReview>();
    expect(review).toMatchObject({ booking_id: bookingId, rating: 5, comment: 'Superbe séjour', language: 'fr', reply: null, hidden: false });
    expect(Date.parse(review.editable_until) - Date.parse(review.created_at)).toBe(48 * 3600 * 1000);
    const [row] = await queryRows<{ author_name: string; stay_month: string }>(t.app.db, sql`select author_name, stay_month from reviews where id = ${review.id}`);
    // registerUser: first name "GuestN", name "Martin".
    expect(row).toEqual({ author_name: `${guest.user.first_name} M.`, stay_month: siteDate(-10).slice(0, 7) });
  });

  it('on the departure day itself the stay can be reviewed; the day before it cannot (409 stay_not_finished)', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const ending = await guestWithStay(t.app, roomA.id, siteDate(-7), siteDate(0));
    expect((await writeReview(t.app, ending.guest.token, ending.bookingId, GOOD)).statusCode).toBe(201);
    const { roomB } = await reviewWorld(t.app, t.admin);
    const staying = await guestWithStay(t.app, roomB.id, siteDate(-6), siteDate(1));
    await expectRefused(t.app.db, () => writeReview(t.app, staying.guest.token, staying.bookingId, GOOD), 409, 'stay_not_finished');
  });

  it('refuses a cancelled stay and one never confirmed (409 not_reviewable)', async () => {
    const { roomA, roomB } = await reviewWorld(t.app, t.admin);
    const cancelled = await guestWithStay(t.app, roomA.id, siteDate(-20), siteDate(-13), { status: 'cancelled' });
    await expectRefused(t.app.db, () => writeReview(t.app, cancelled.guest.token, cancelled.bookingId, GOOD), 409, 'not_reviewable');
    const pending = await guestWithStay(t.app, roomB.id, siteDate(-20), siteDate(-13), { status: 'pending' });
    await expectRefused(t.app.db, () => writeReview(t.app, pending.guest.token, pending.bookingId, GOOD), 409, 'not_reviewable');
  });

  it('refuses after REVIEW_WINDOW_DAYS (60) past departure, accepts on the last day', async () => {
    const { roomA, roomB } = await reviewWorld(t.app, t.admin);
    const late = await guestWithStay(t.app, roomA.id, siteDate(-68), siteDate(-61));
    await expectRefused(t.app.db, () => writeReview(t.app, late.guest.token, late.bookingId, GOOD), 409, 'review_window_closed');
    const lastDay = await guestWithStay(t.app, roomB.id, siteDate(-67), siteDate(-60), { guest: late.guest });
    expect((await writeReview(t.app, late.guest.token, lastDay.bookingId, GOOD)).statusCode).toBe(201);
  });

  it('a second review of the same stay is 409 already_reviewed', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-30), siteDate(-23));
    expect((await writeReview(t.app, guest.token, bookingId, GOOD)).statusCode).toBe(201);
    await expectRefused(t.app.db, () => writeReview(t.app, guest.token, bookingId, { ...GOOD, rating: 1 }), 409, 'already_reviewed');
  });

  it('only the stay’s guest: anonymous 401, another client 403, the admin 403, an unknown booking 404', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-40), siteDate(-33));
    const stranger = await registerUser(t.app);
    await expectRefused(t.app.db, () => writeReview(t.app, null, bookingId, GOOD), 401, 'unauthorized');
    await expectRefused(t.app.db, () => writeReview(t.app, stranger.token, bookingId, GOOD), 403, 'forbidden');
    await expectRefused(t.app.db, () => writeReview(t.app, t.admin, bookingId, GOOD), 403, 'forbidden');
    await expectRefused(t.app.db, () => writeReview(t.app, stranger.token, randomUUID(), GOOD), 404, 'booking_not_found');
  });

  it('refuses bad input with 400 and writes nothing: rating 0, 6, 4.5, text; a comment over 2,000 characters; an unknown language', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-50), siteDate(-43));
    for (const body of [
      { ...GOOD, rating: 0 },
      { ...GOOD, rating: 6 },
      { ...GOOD, rating: 4.5 },
      { ...GOOD, rating: '5' },
      { ...GOOD, comment: 'x'.repeat(2001) },
      { ...GOOD, language: 'de' },
      { comment: 'no rating', language: 'fr' },
      { ...GOOD, rating: 1e308 },
    ]) {
      await expectRefused(t.app.db, () => writeReview(t.app, guest.token, bookingId, body), 400, 'validation_error');
    }
    expect((await writeReview(t.app, guest.token, bookingId, { ...GOOD, comment: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('the author may change it for 48 hours, then 409 review_not_editable; without a review 404 review_not_found', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-15), siteDate(-8));
    await expectRefused(t.app.db, () => writeReview(t.app, guest.token, bookingId, GOOD, 'PUT'), 404, 'review_not_found');
    const written = (await writeReview(t.app, guest.token, bookingId, GOOD)).json<MyReview>();
    const stranger = await registerUser(t.app);
    await expectRefused(t.app.db, () => writeReview(t.app, stranger.token, bookingId, { ...GOOD, rating: 1 }, 'PUT'), 403, 'forbidden');
    const edited = await writeReview(t.app, guest.token, bookingId, { rating: 3, comment: 'Bien, sans plus.', language: 'fr' }, 'PUT');
    expect(edited.statusCode).toBe(200);
    expect(edited.json<MyReview>()).toMatchObject({ id: written.id, rating: 3, comment: 'Bien, sans plus.' });
    // 47 hours later it still can; 49 hours later it cannot.
    await t.app.db.execute(sql`update reviews set created_at = now() - interval '47 hours' where id = ${written.id}`);
    expect((await writeReview(t.app, guest.token, bookingId, { ...GOOD, rating: 4 }, 'PUT')).statusCode).toBe(200);
    await t.app.db.execute(sql`update reviews set created_at = now() - interval '49 hours' where id = ${written.id}`);
    await expectRefused(t.app.db, () => writeReview(t.app, guest.token, bookingId, { ...GOOD, rating: 5 }, 'PUT'), 409, 'review_not_editable');
  });

  it('my reviews: stays open to a review from the day after departure, and the reviews written', async () => {
    const guest = await registerUser(t.app);
    const { roomA, roomB } = await reviewWorld(t.app, t.admin);
    const endedToday = await guestWithStay(t.app, roomA.id, siteDate(-7), siteDate(0), { guest });
    const endedYesterday = await guestWithStay(t.app, roomB.id, siteDate(-8), siteDate(-1), { guest });
    const reviewed = await guestWithStay(t.app, roomA.id, siteDate(-30), siteDate(-20), { guest });
    const tooOld = await guestWithStay(t.app, roomB.id, siteDate(-80), siteDate(-70), { guest });
    await writeReview(t.app, guest.token, reviewed.bookingId, GOOD);
    const slots = (await t.app.inject({ url: '/api/bookings/reviews', headers: bearer(guest.token) })).json<MyReviewSlot[]>();
    expect(slots.map((slot) => [slot.booking_id, slot.can_write, slot.review?.rating ?? null, slot.write_until])).toEqual([
      [endedYesterday.bookingId, true, null, siteDate(59)],
      [reviewed.bookingId, false, 4, siteDate(40)],
    ]);
    expect(slots.some((slot) => slot.booking_id === endedToday.bookingId || slot.booking_id === tooOld.bookingId)).toBe(false);
    expect((await t.app.inject({ url: '/api/bookings/reviews' })).statusCode).toBe(401);
  });
});

describe('one review per stay under concurrency', () => {
  const t = useAdminApp();

  it('twelve simultaneous reviews of one stay: one 201, eleven 409 already_reviewed, one row', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-10), siteDate(-3));
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => writeReview(t.app, guest.token, bookingId, { ...GOOD, rating: 1 + (i % 5) })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(11).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json()).toMatchObject({ code: 'already_reviewed' });
    const [count] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from reviews where booking_id = ${bookingId}`);
    expect(count!.n).toBe(1);
  });

  it('the database itself refuses a second row for a booking (reviews_booking_key)', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-10), siteDate(-3));
    const insert = () =>
      t.app.db.execute(
        sql`insert into reviews (booking_id, user_id, room_id, stay_month, rating, language) values (${bookingId}, ${guest.user.id}, ${roomA.id}, '2026-01', 5, 'fr')`,
      );
    await insert();
    const error = await insert().then(() => null, (failure: unknown) => failure);
    expect([sqlState(error), constraintName(error)]).toEqual(['23505', 'reviews_booking_key']);
  });
});
