import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings, rooms, users } from './schema.ts';

/**
 * Verified reviews (migration 0022, docs/decisions/0035-verified-reviews.md): one per booking, written by its guest
 * after the stay. The trigger that announces a change to the public read cache is in the migration.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    /** "Camille D." when written; null once the account is deleted ("A former guest"). */
    authorName: text('author_name'),
    /** The month of the stay's arrival, `YYYY-MM`. */
    stayMonth: text('stay_month').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    language: text('language').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per stay, whatever the concurrency: a second insert fails here (409 already_reviewed).
    uniqueIndex('reviews_booking_key').on(t.bookingId),
    index('reviews_room_visible_idx').on(t.roomId, t.createdAt.desc(), t.id.desc()).where(sql`not ${t.hidden}`),
    index('reviews_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`char_length(${t.comment}) <= 2000 and char_length(${t.reply}) <= 2000`),
    check('reviews_language_check', sql`${t.language} in ('fr', 'es', 'pt', 'en')`),
  ],
);

/** The stays whose guest was invited to review them: at most one invitation each, whichever instance runs the job. */
export const reviewInvitations = pgTable('review_invitations', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ReviewRow = typeof reviews.$inferSelect;
