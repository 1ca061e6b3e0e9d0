import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, type AccountExport, type MyReview, type ReviewsPage } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { renderReviewInvitation, type ReviewInvitationPayload } from '../../src/plugins/app/notifications/review-templates.ts';
import { bearer, siteDate, useAdminApp } from '../helper.ts';
import { guestWithStay, reviewWorld, writeReview } from './review-support.ts';

/** The app's one clock (siteToday reads `new Date()`) set to midday of a site date; only Date is faked. */
function clockAt(date: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${date}T10:00:00Z`));
}

describe('the invitation to review, the day after departure (REVIEW_INVITE_DAYS = 1)', () => {
  const t = useAdminApp();
  afterEach(() => vi.useRealTimers());

  const invitationsOf = (bookingId: string) =>
    t.app.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `review_invitation:${bookingId}`));

  it('nothing on the departure day, one e-mail the day after in the guest’s language, nothing more the day after that', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const departure = siteDate(5);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-2), departure, { language: 'es' });

    clockAt(departure);
    await t.app.reviewInvitationJob.runOnce();
    expect(await invitationsOf(bookingId)).toHaveLength(0);

    clockAt(addDays(departure, 1));
    await t.app.reviewInvitationJob.runOnce();
    const [invitation, ...more] = await invitationsOf(bookingId);
    expect(more).toHaveLength(0);
    expect(invitation).toMatchObject({ channel: 'email', kind: 'review_invitation', recipient: guest.user.email, language: 'es', userId: guest.user.id });
    const email = renderReviewInvitation('es', invitation!.payload as unknown as ReviewInvitationPayload);
    expect(email.subject).toBe('¿Qué tal su estancia en Maison du Lac?');
    expect(email.text).toContain(`http://localhost:3000/my-bookings?review=${bookingId}`);

    clockAt(addDays(departure, 2));
    await t.app.reviewInvitationJob.runOnce();
    expect(await invitationsOf(bookingId)).toHaveLength(1);
    await t.app.db.delete(outboxMessages).where(eq(outboxMessages.id, invitation!.id)); // even once the message is gone
    await t.app.reviewInvitationJob.runOnce();
    expect(await invitationsOf(bookingId)).toHaveLength(0);
  });

  it('a stay the owner records late, within the window, is invited at the next run; past the window, or reviewed, or cancelled, never', async () => {
    const { roomA, roomB } = await reviewWorld(t.app, t.admin);
    const late = await guestWithStay(t.app, roomA.id, siteDate(-40), siteDate(-33));
    const tooOld = await guestWithStay(t.app, roomB.id, siteDate(-70), siteDate(-61));
    const cancelled = await guestWithStay(t.app, roomB.id, siteDate(-20), siteDate(-13), { status: 'cancelled' });
    const reviewed = await guestWithStay(t.app, roomB.id, siteDate(-12), siteDate(-5));
    await writeReview(t.app, reviewed.guest.token, reviewed.bookingId, { rating: 5, language: 'fr' });
    await t.app.reviewInvitationJob.runOnce();
    expect(await invitationsOf(late.bookingId)).toHaveLength(1);
    for (const stay of [tooOld, cancelled, reviewed]) expect(await invitationsOf(stay.bookingId)).toHaveLength(0);
  });

  it('two runs at once write one invitation', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const stay = await guestWithStay(t.app, roomA.id, siteDate(-9), siteDate(-2));
    await Promise.all([t.app.reviews.sendInvitations(), t.app.reviews.sendInvitations(), t.app.reviews.sendInvitations()]);
    expect(await invitationsOf(stay.bookingId)).toHaveLength(1);
  });
});

describe('privacy: a deleted account’s reviews, the export', () => {
  const t = useAdminApp();

  it('the export lists the guest’s reviews; once the account is deleted, the review stays as "A former guest" (null name)', async () => {
    const { roomA } = await reviewWorld(t.app, t.admin);
    const { guest, bookingId } = await guestWithStay(t.app, roomA.id, siteDate(-9), siteDate(-2));
    const review = (await writeReview(t.app, guest.token, bookingId, { rating: 4, comment: 'Très bien', language: 'fr' })).json<MyReview>();
    const exported = (await t.app.inject({ url: '/api/auth/me/export', headers: bearer(guest.token) })).json<AccountExport>();
    expect(exported.reviews).toEqual([
      expect.objectContaining({ id: review.id, booking_id: bookingId, property_name: 'Maison du Lac', rating: 4, comment: 'Très bien', hidden: false }),
    ]);

    const deletion = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(guest.token), payload: { current_password: 'secret123' } });
    expect(deletion.statusCode).toBe(200);
    const page = (await t.app.inject({ url: `/api/rooms/${roomA.id}/reviews` })).json<ReviewsPage>();
    expect(page.reviews).toEqual([expect.objectContaining({ id: review.id, guest_name: null, rating: 4, comment: 'Très bien' })]);
    const rows = await queryRows<{ author_name: string | null }>(t.app.db, sql`select author_name from reviews where id = ${review.id}`);
    expect(rows).toEqual([{ author_name: null }]);
  });
});
