import type { FastifyBaseLogger } from 'fastify';
import {
  addDays,
  REVIEW_ALERT_RATING,
  reviewAuthorName,
  type AdminReview,
  type AdminReviewsPage,
  type AdminReviewsQueryValues,
  type MyReview,
  type MyReviewSlot,
  type ReviewBody,
  type ReviewsPage,
  type ReviewsQueryValues,
} from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { siteToday } from '../../../lib/dates.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { fullName, type UserRow } from '../auth/users-repository.ts';
import type { ReviewMessages } from './review-messages.ts';
import type { ReviewableBooking, ReviewsRepository, ReviewWithWindow } from './reviews-repository.ts';

export interface ReviewsServiceOptions {
  db: Database;
  repository: ReviewsRepository;
  messages: ReviewMessages;
  /** TZ_SITE: "today" is the site's (the app's one clock, siteToday). */
  timeZone: string;
  /** REVIEW_INVITE_DAYS: days after departure the guest is invited (and my bookings offers "Write a review"). */
  inviteDays: number;
  /** REVIEW_WINDOW_DAYS: days after departure a review can still be written. */
  windowDays: number;
  log: FastifyBaseLogger;
}

/** A checked review body (ReviewBody's output). */
type ReviewValues = { rating: number; comment: string | null; language: ReviewBody['language'] };

/** Invitations one job run writes at most; the next run takes the rest. */
const INVITATION_BATCH = 200;

const toMyReview = (row: ReviewWithWindow): MyReview => ({
  id: row.id,
  booking_id: row.bookingId,
  rating: row.rating,
  comment: row.comment,
  language: row.language as MyReview['language'],
  reply: row.reply,
  hidden: row.hidden,
  hidden_reason: row.hiddenReason,
  created_at: row.createdAt.toISOString(),
  editable_until: row.editableUntil instanceof Date ? row.editableUntil.toISOString() : new Date(row.editableUntil).toISOString(),
});

/** A page of `limit` from rows fetched with one extra: the extra one says a next page exists. */
function paged<T extends { id: string }>(rows: T[], limit: number): { reviews: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  return { reviews: page, next_cursor: rows.length > limit ? page.at(-1)!.id : null };
}

/**
 * Verified reviews (docs/decisions/0035-verified-reviews.md): who may write one and when, the 48-hour edit, the owner's
 * reply and visibility, the public pages' lists, the invitation job.
 */
export class ReviewsService {
  constructor(private readonly options: ReviewsServiceOptions) {}

  private get repository() {
    return this.options.repository;
  }

  /** The site's today, on the app's one clock. */
  today(): string {
    return siteToday(this.options.timeZone);
  }

  /** The last day a review of a stay ending on `endDate` can be written. */
  private writeUntil(endDate: string): string {
    return addDays(endDate, this.options.windowDays);
  }

  /** The stay's guest only; a confirmed stay, from its departure day until the window closes; once. */
  private assertMayWrite(user: UserRow, booking: ReviewableBooking | undefined): asserts booking is ReviewableBooking {
    if (!booking) throw notFound('booking_not_found', 'Booking not found');
    if (booking.userId !== user.id) throw forbidden('Only the guest of this stay may review it');
    if (booking.status !== 'confirmed') throw conflict('not_reviewable', 'Only a confirmed stay can be reviewed');
    const today = this.today();
    if (today < booking.endDate) throw conflict('stay_not_finished', 'A stay can be reviewed from its departure day');
    if (today > this.writeUntil(booking.endDate)) throw conflict('review_window_closed', 'The time to review this stay is over');
  }

  async write(user: UserRow, bookingId: string, body: ReviewValues): Promise<MyReview> {
    return this.options.db.transaction(async (tx) => {
      const booking = await this.repository.reviewableBooking(tx, bookingId);
      this.assertMayWrite(user, booking);
      // A courtesy: reviews_booking_key is what keeps a second one out, however concurrent (the insert maps it to 409).
      if (await this.repository.lockOfBooking(tx, bookingId)) throw conflict('already_reviewed', 'This stay has already been reviewed');
      const review = await this.repository.insert(tx, {
        bookingId,
        userId: booking.userId,
        roomId: booking.roomId,
        authorName: reviewAuthorName(booking.firstName, booking.name),
        stayMonth: booking.startDate.slice(0, 7),
        rating: body.rating,
        comment: body.comment,
        language: body.language,
      });
      await this.alertIfLow(tx, review, booking);
      return toMyReview(review);
    });
  }

  /** The author changes their review within REVIEW_EDIT_HOURS of writing it. */
  async edit(user: UserRow, bookingId: string, body: ReviewValues): Promise<MyReview> {
    return this.options.db.transaction(async (tx) => {
      const booking = await this.repository.reviewableBooking(tx, bookingId);
      if (!booking) throw notFound('booking_not_found', 'Booking not found');
      if (booking.userId !== user.id) throw forbidden('Only the guest of this stay may change its review');
      const current = await this.repository.lockOfBooking(tx, bookingId);
      if (!current) throw notFound('review_not_found', 'This stay has no review yet');
      if (!current.editable) throw conflict('review_not_editable', 'A review can be changed for 48 hours after it was written');
      const review = await this.repository.update(tx, current.id, { rating: body.rating, comment: body.comment, language: body.language });
      await this.alertIfLow(tx, review, booking);
      return toMyReview(review);
    });
  }

  /** A rating of REVIEW_ALERT_RATING or less: the owner's WhatsApp alert, once per review. */
  private async alertIfLow(tx: Executor, review: ReviewWithWindow, booking: ReviewableBooking) {
    if (review.rating > REVIEW_ALERT_RATING) return;
    await this.options.messages.lowRating(tx, review.id, booking.userId, {
      rating: review.rating,
      guest_name: fullName(booking),
      property_name: booking.propertyName,
      room_number: booking.roomNumber,
      stay_month: review.stayMonth,
      comment: review.comment && review.comment.length > 500 ? `${review.comment.slice(0, 500)}…` : review.comment,
    });
  }

  /** The guest's stays open to a review (from REVIEW_INVITE_DAYS after departure to the window's end) and their reviews. */
  async mine(user: UserRow): Promise<MyReviewSlot[]> {
    const today = this.today();
    const rows = await this.repository.slotsOf(user.id, addDays(today, -this.options.inviteDays), addDays(today, -this.options.windowDays));
    return rows.map(({ bookingId, endDate, review }) => ({
      booking_id: bookingId,
      write_until: this.writeUntil(endDate),
      can_write: review === null,
      review: review ? toMyReview(review) : null,
    }));
  }

  async visible(target: { roomId: string } | { propertyId: string }, query: ReviewsQueryValues): Promise<ReviewsPage> {
    if (!(await this.repository.isPublic(target))) {
      throw 'roomId' in target ? notFound('room_not_found', 'Room not found') : notFound('property_not_found', 'Property not found');
    }
    const { limit } = query;
    return paged(await this.repository.visiblePage(target, limit, query.cursor), limit);
  }

  async adminList(query: AdminReviewsQueryValues): Promise<AdminReviewsPage> {
    const { limit } = query;
    const rows = await this.repository.adminPage({ propertyId: query.property_id, rating: query.rating, replied: query.replied }, limit, query.cursor);
    return paged(rows, limit);
  }

  /** The owner's one public reply; a second call changes it. */
  async reply(id: string, reply: string): Promise<AdminReview> {
    return this.options.db.transaction(async (tx) => {
      if (!(await this.repository.setReply(tx, id, reply))) throw notFound('review_not_found', 'Review not found');
      return (await this.repository.adminView(id, tx))!;
    });
  }

  /** Hides a review (kept, its author told why) or shows it again. */
  async setVisibility(id: string, hidden: boolean, reason: string | null): Promise<AdminReview> {
    return this.options.db.transaction(async (tx) => {
      const review = await this.repository.lock(tx, id);
      if (!review) throw notFound('review_not_found', 'Review not found');
      await this.repository.setVisibility(tx, id, hidden, reason);
      if (hidden && !review.hidden) {
        const booking = await this.repository.reviewableBooking(tx, review.bookingId);
        if (booking && !booking.deleted) {
          await this.options.messages.hidden(
            tx,
            { userId: booking.userId, email: booking.email, language: booking.language, name: fullName(booking) },
            { property_name: booking.propertyName, reason },
          );
        }
      }
      return (await this.repository.adminView(id, tx))!;
    });
  }

  /**
   * The invitation job: every confirmed stay that ended REVIEW_INVITE_DAYS ago or more and is still within the window,
   * never invited nor reviewed, gets its e-mail, once (review_invitations' key, whatever instance runs it). A stay the
   * owner recorded late is invited at the next run. Answers how many were invited.
   */
  async sendInvitations(): Promise<number> {
    const today = this.today();
    const due = await this.repository.dueInvitations(addDays(today, -this.options.inviteDays), addDays(today, -this.options.windowDays), INVITATION_BATCH);
    let invited = 0;
    for (const stay of due) {
      const sent = await this.options.db.transaction(async (tx) => {
        if (!(await this.repository.markInvited(tx, stay.id))) return false;
        await this.options.messages.invite(
          tx,
          { userId: stay.userId, email: stay.email, language: stay.language, name: fullName(stay) },
          {
            booking_id: stay.id,
            property_name: stay.propertyName,
            room_number: stay.roomNumber,
            start_date: stay.startDate,
            end_date: stay.endDate,
            write_until: this.writeUntil(stay.endDate),
          },
        );
        return true;
      });
      if (sent) invited++;
    }
    if (invited > 0) this.options.log.info({ invited }, 'review invitations written');
    return invited;
  }
}
