import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminReview, AdminReviewsPage, MyReview, Property, ReviewsPage, Room, RoomDetail, SearchResponse } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { renderAdminReviewAlert, renderReviewHidden, type ReviewAlertPayload, type ReviewHiddenPayload } from '../../src/plugins/app/notifications/review-templates.ts';
import { bearer, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { expectRefused } from '../support.ts';
import { guestWithStay, reviewWorld, writeReview } from './review-support.ts';

const HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)"> & </p>';

describe('the owner’s reviews and the public pages’ reviews (issue 33)', () => {
  const t = useAdminApp();
  const adminCall = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(t.admin), ...(payload && { payload }) });

  /** Three reviews of a property: 5 and 2 in room A, 4 in room B, written in that order. */
  async function threeReviews() {
    const world = await reviewWorld(t.app, t.admin);
    const stays = [
      await guestWithStay(t.app, world.roomA.id, siteDate(-30), siteDate(-23)),
      await guestWithStay(t.app, world.roomA.id, siteDate(-20), siteDate(-13)),
      await guestWithStay(t.app, world.roomB.id, siteDate(-12), siteDate(-5)),
    ];
    const bodies = [
      { rating: 5, comment: 'Parfait', language: 'fr' },
      { rating: 2, comment: HOSTILE, language: 'en' },
      { rating: 4, language: 'es' },
    ];
    const reviews: MyReview[] = [];
    for (const [i, stay] of stays.entries()) reviews.push((await writeReview(t.app, stay.guest.token, stay.bookingId, bodies[i]!)).json<MyReview>());
    return { ...world, stays, reviews };
  }

  const ratingOf = async (url: string) => {
    const body = (await t.app.inject({ url })).json<Property | Room | RoomDetail>();
    return [body.rating_average, body.review_count];
  };
  /** The search's cards: each room of the property with its rating. */
  const searchRatings = async (propertyId: string) =>
    (await t.app.inject({ url: `/api/search?property_id=${propertyId}` })).json<SearchResponse>().items.map((item) => [item.room_id, item.rating_average, item.review_count]);

  it('property and room answers carry the visible reviews’ average (one decimal, half up) and count, after hide and unhide', async () => {
    const { property, roomA, roomB, reviews } = await threeReviews();
    // (5 + 2 + 4) / 3 = 3.67 → 3.7; room A (5 + 2) / 2 = 3.5; room B 4.
    expect(await ratingOf(`/api/properties/${property.id}`)).toEqual([3.7, 3]);
    expect(await ratingOf(`/api/rooms/${roomA.id}`)).toEqual([3.5, 2]);
    expect(await ratingOf(`/api/rooms/${roomB.id}`)).toEqual([4, 1]);
    const list = (await t.app.inject({ url: '/api/properties' })).json<Property[]>().find((p) => p.id === property.id)!;
    expect([list.rating_average, list.review_count]).toEqual([3.7, 3]);
    const rooms = (await t.app.inject({ url: `/api/rooms?property_id=${property.id}` })).json<Room[]>();
    expect(rooms.map((room) => [room.id, room.rating_average, room.review_count])).toEqual(
      expect.arrayContaining([[roomA.id, 3.5, 2], [roomB.id, 4, 1]]),
    );
    expect(await searchRatings(property.id)).toEqual(expect.arrayContaining([[roomA.id, 3.5, 2], [roomB.id, 4, 1]]));

    // Read (cached), then hide the 2: the cached answers are dropped and the averages leave it out.
    const hide = await adminCall('PUT', `/api/admin/reviews/${reviews[1]!.id}/visibility`, { hidden: true, reason: 'Contains markup' });
    expect(hide.statusCode).toBe(200);
    expect(hide.json<AdminReview>()).toMatchObject({ hidden: true, hidden_reason: 'Contains markup' });
    expect(await ratingOf(`/api/properties/${property.id}`)).toEqual([4.5, 2]);
    expect(await ratingOf(`/api/rooms/${roomA.id}`)).toEqual([5, 1]);
    expect(await searchRatings(property.id)).toEqual(expect.arrayContaining([[roomA.id, 5, 1], [roomB.id, 4, 1]]));
    const publicPage = (await t.app.inject({ url: `/api/properties/${property.id}/reviews` })).json<ReviewsPage>();
    expect(publicPage.reviews.map((review) => review.id)).toEqual([reviews[2]!.id, reviews[0]!.id]);

    // The hidden review keeps its record; shown again, it counts again.
    expect((await adminCall('PUT', `/api/admin/reviews/${reviews[1]!.id}/visibility`, { hidden: false })).json<AdminReview>()).toMatchObject({
      hidden: false,
      hidden_reason: null,
    });
    expect(await ratingOf(`/api/properties/${property.id}`)).toEqual([3.7, 3]);
    expect(await ratingOf(`/api/rooms/${roomA.id}`)).toEqual([3.5, 2]);

    // A change written behind the app's back (no request to drop the cache): the trigger's notice drops it (decision 0011).
    await t.app.db.execute(sql`update reviews set hidden = true where id = ${reviews[0]!.id}`);
    // On PostgreSQL the notice arrives a moment after the write: the answer changes once it has.
    await expect.poll(() => ratingOf(`/api/properties/${property.id}`)).toEqual([3, 2]);
    expect((await t.app.inject({ url: `/api/rooms/${roomA.id}/reviews` })).json<ReviewsPage>().reviews.map((review) => review.rating)).toEqual([2]);
  });

  it('a property or room without reviews answers rating_average null and review_count 0', async () => {
    const { property, roomA } = await reviewWorld(t.app, t.admin);
    expect(await ratingOf(`/api/properties/${property.id}`)).toEqual([null, 0]);
    expect(await ratingOf(`/api/rooms/${roomA.id}`)).toEqual([null, 0]);
    expect(await searchRatings(property.id)).toEqual(expect.arrayContaining([[roomA.id, null, 0]]));
  });

  it('hiding tells the author with the reason (an e-mail in their language), once per hiding', async () => {
    const { reviews, stays } = await threeReviews();
    await adminCall('PUT', `/api/admin/reviews/${reviews[0]!.id}/visibility`, { hidden: true, reason: 'Hors sujet' });
    await adminCall('PUT', `/api/admin/reviews/${reviews[0]!.id}/visibility`, { hidden: true, reason: 'Hors sujet' });
    const notices = await t.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'review_hidden'), eq(outboxMessages.userId, stays[0]!.guest.user.id)));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.recipient).toBe(stays[0]!.guest.user.email);
    const email = renderReviewHidden('fr', notices[0]!.payload as unknown as ReviewHiddenPayload);
    expect(email.subject).toBe('Votre avis sur Maison du Lac a été masqué');
    expect(email.text).toContain('Raison donnée : Hors sujet');
  });

  it('the public lists: visible reviews newest first, first name and initial, month of the stay, language, the owner’s reply; cursor pages', async () => {
    const { property, roomA, reviews, stays } = await threeReviews();
    const reply = await adminCall('PUT', `/api/admin/reviews/${reviews[0]!.id}/reply`, { reply: 'Merci, à bientôt !' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<AdminReview>()).toMatchObject({ reply: 'Merci, à bientôt !', replied_at: expect.any(String) });
    // One reply, editable: a second call changes it.
    await adminCall('PUT', `/api/admin/reviews/${reviews[0]!.id}/reply`, { reply: 'Merci beaucoup !' });

    const first = (await t.app.inject({ url: `/api/properties/${property.id}/reviews?limit=2` })).json<ReviewsPage>();
    expect(first.reviews.map((review) => review.rating)).toEqual([4, 2]);
    expect(first.next_cursor).toBe(reviews[1]!.id);
    const second = (await t.app.inject({ url: `/api/properties/${property.id}/reviews?limit=2&cursor=${first.next_cursor}` })).json<ReviewsPage>();
    expect(second).toEqual({
      reviews: [
        {
          id: reviews[0]!.id,
          guest_name: `${stays[0]!.guest.user.first_name} M.`,
          stay_month: siteDate(-30).slice(0, 7),
          rating: 5,
          comment: 'Parfait',
          language: 'fr',
          reply: 'Merci beaucoup !',
          created_at: reviews[0]!.created_at,
        },
      ],
      next_cursor: null,
    });
    // The hostile comment is answered as the text it is.
    expect(first.reviews[1]!.comment).toBe(HOSTILE);
    const room = (await t.app.inject({ url: `/api/rooms/${roomA.id}/reviews` })).json<ReviewsPage>();
    expect(room.reviews.map((review) => review.rating)).toEqual([2, 5]);
    // No e-mail, no booking id, no user id in the public answer.
    expect(Object.keys(room.reviews[0]!).sort()).toEqual(['comment', 'created_at', 'guest_name', 'id', 'language', 'rating', 'reply', 'stay_month']);
    expect((await t.app.inject({ url: `/api/rooms/${randomUUID()}/reviews` })).json()).toMatchObject({ code: 'room_not_found' });
    expect((await t.app.inject({ url: `/api/properties/${randomUUID()}/reviews` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/rooms/${roomA.id}/reviews?limit=0` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/rooms/${roomA.id}/reviews?cursor=nope` })).statusCode).toBe(400);
  });

  it('the owner’s list: every review, hidden too, filtered by property, rating and replied', async () => {
    const { property, reviews } = await threeReviews();
    const other = await threeReviews();
    await adminCall('PUT', `/api/admin/reviews/${reviews[2]!.id}/reply`, { reply: 'Gracias' });
    await adminCall('PUT', `/api/admin/reviews/${reviews[0]!.id}/visibility`, { hidden: true });
    const ids = async (query: string) =>
      (await adminCall('GET', `/api/admin/reviews?limit=50&${query}`)).json<AdminReviewsPage>().reviews.map((review) => review.id);
    expect(await ids(`property_id=${property.id}`)).toEqual([reviews[2]!.id, reviews[1]!.id, reviews[0]!.id]);
    expect(await ids(`property_id=${property.id}&replied=true`)).toEqual([reviews[2]!.id]);
    expect(await ids(`property_id=${property.id}&replied=false`)).toEqual([reviews[1]!.id, reviews[0]!.id]);
    expect(await ids(`property_id=${other.property.id}&rating=2`)).toEqual([other.reviews[1]!.id]);
    const all = (await adminCall('GET', `/api/admin/reviews?property_id=${property.id}`)).json<AdminReviewsPage>().reviews;
    expect(all.find((review) => review.id === reviews[0]!.id)).toMatchObject({ hidden: true, property_name: 'Maison du Lac' });
  });

  it('the owner’s calls: anonymous 401, a client 403, an unknown review 404, bad bodies 400, nothing written', async () => {
    const { reviews, stays } = await threeReviews();
    const client = stays[0]!.guest.token;
    const id = reviews[0]!.id;
    await expectRefused(t.app.db, () => t.app.inject({ url: '/api/admin/reviews' }), 401, 'unauthorized');
    await expectRefused(t.app.db, () => t.app.inject({ url: '/api/admin/reviews', headers: bearer(client) }), 403, 'forbidden');
    await expectRefused(t.app.db, () => t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}/reply`, headers: bearer(client), payload: { reply: 'x' } }), 403, 'forbidden');
    await expectRefused(t.app.db, () => t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}/visibility`, headers: bearer(client), payload: { hidden: true } }), 403, 'forbidden');
    await expectRefused(t.app.db, () => adminCall('PUT', `/api/admin/reviews/${randomUUID()}/reply`, { reply: 'x' }), 404, 'review_not_found');
    await expectRefused(t.app.db, () => adminCall('PUT', `/api/admin/reviews/${randomUUID()}/visibility`, { hidden: true }), 404, 'review_not_found');
    await expectRefused(t.app.db, () => adminCall('PUT', `/api/admin/reviews/${id}/reply`, { reply: '   ' }), 400, 'validation_error');
    await expectRefused(t.app.db, () => adminCall('PUT', `/api/admin/reviews/${id}/reply`, { reply: 'x'.repeat(2001) }), 400, 'validation_error');
    await expectRefused(t.app.db, () => adminCall('PUT', `/api/admin/reviews/${id}/visibility`, { hidden: 'yes' }), 400, 'validation_error');
    await expectRefused(t.app.db, () => adminCall('GET', '/api/admin/reviews?rating=9'), 400, 'validation_error');
    await expectRefused(t.app.db, () => adminCall('GET', '/api/admin/reviews?replied=maybe'), 400, 'validation_error');
  });

  it('a rating of 2 or less alerts the owner on WhatsApp once, in the site’s language; 3 and more do not', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/admin/whatsapp-settings', headers: bearer(t.admin), payload: { whatsapp_number: '+32 470 11 22 33' } });
    const { roomA } = await reviewWorld(t.app, t.admin);
    const low = await guestWithStay(t.app, roomA.id, siteDate(-40), siteDate(-33));
    const fine = await guestWithStay(t.app, roomA.id, siteDate(-30), siteDate(-23));
    const lowReview = (await writeReview(t.app, low.guest.token, low.bookingId, { rating: 1, comment: 'Bruyant', language: 'fr' })).json<MyReview>();
    await writeReview(t.app, low.guest.token, low.bookingId, { rating: 2, comment: 'Bruyant', language: 'fr' }, 'PUT');
    await writeReview(t.app, fine.guest.token, fine.bookingId, { rating: 3, language: 'fr' });
    const alerts = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'admin_review_alert'));
    const mine = alerts.filter((alert) => alert.dedupeKey === `admin_review_alert:${lowReview.id}`);
    expect(mine).toHaveLength(1);
    expect(alerts.filter((alert) => alert.userId === fine.guest.user.id)).toHaveLength(0);
    expect(mine[0]).toMatchObject({ channel: 'whatsapp', recipient: '32470112233', language: 'fr' });
    const text = renderAdminReviewAlert('fr', mine[0]!.payload as unknown as ReviewAlertPayload);
    expect(text).toContain('*Avis de 1/5*');
    expect(text).toContain('Commentaire: Bruyant');
  });

  it('a client who is not the author cannot see another’s slots', async () => {
    const stranger = await registerUser(t.app);
    const slots = (await t.app.inject({ url: '/api/bookings/reviews', headers: bearer(stranger.token) })).json<unknown[]>();
    expect(slots).toEqual([]);
  });
});
