import { z } from 'zod';
import { CalendarDate, Id, Language } from './common.ts';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_MAX_RATING,
  REVIEW_MIN_RATING,
  REVIEW_REASON_MAX,
  REVIEWS_DEFAULT_LIMIT,
  REVIEWS_MAX_LIMIT,
} from './review-rules.ts';

/** Verified reviews (issue 33, docs/decisions/0035-verified-reviews.md). */
export const ReviewBody = z.object({
  rating: z.number().int().min(REVIEW_MIN_RATING).max(REVIEW_MAX_RATING),
  /** Plain text; blank or left out: no comment. */
  comment: z
    .string()
    .max(REVIEW_COMMENT_MAX)
    .optional()
    .nullable()
    .transform((value) => value?.trim() || null),
  /** The language the comment is written in. */
  language: Language,
});
export type ReviewBody = z.input<typeof ReviewBody>;

/** A visible review as everyone sees it. */
export const PublicReview = z.object({
  id: Id,
  /** First name and initial ("Camille D."); null: the account was deleted ("A former guest"). */
  guest_name: z.string().nullable(),
  /** The month of the stay's arrival, `YYYY-MM`. */
  stay_month: z.string(),
  rating: z.number().int(),
  /** Plain text, never markup. */
  comment: z.string().nullable(),
  language: Language,
  /** The owner's public reply. */
  reply: z.string().nullable(),
  created_at: z.string(),
});
export type PublicReview = z.infer<typeof PublicReview>;

export const ReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEWS_MAX_LIMIT).default(REVIEWS_DEFAULT_LIMIT),
  /** The `next_cursor` of the page before. */
  cursor: Id.optional(),
});
export type ReviewsQuery = z.input<typeof ReviewsQuery>;
export type ReviewsQueryValues = z.output<typeof ReviewsQuery>;

export const ReviewsPage = z.object({
  reviews: z.array(PublicReview),
  next_cursor: Id.nullable(),
});
export type ReviewsPage = z.infer<typeof ReviewsPage>;

/** A review as its author sees it. */
export const MyReview = z.object({
  id: Id,
  booking_id: Id,
  rating: z.number().int(),
  comment: z.string().nullable(),
  language: Language,
  reply: z.string().nullable(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  created_at: z.string(),
  /** Until when it can be changed (48 hours after it was written). */
  editable_until: z.string(),
});
export type MyReview = z.infer<typeof MyReview>;

/** One of the signed-in guest's stays open to a review, or reviewed. */
export const MyReviewSlot = z.object({
  booking_id: Id,
  /** The last day a review can be written (REVIEW_WINDOW_DAYS after departure). */
  write_until: CalendarDate,
  /** No review yet and still within the window. */
  can_write: z.boolean(),
  review: MyReview.nullable(),
});
export type MyReviewSlot = z.infer<typeof MyReviewSlot>;

/** A review as the owner sees it. */
export const AdminReview = PublicReview.extend({
  booking_id: Id,
  property_id: Id,
  property_name: z.string(),
  room_id: Id,
  room_number: z.string(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  replied_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReview>;

const BooleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const AdminReviewsQuery = ReviewsQuery.extend({
  property_id: Id.optional(),
  rating: z.coerce.number().int().min(REVIEW_MIN_RATING).max(REVIEW_MAX_RATING).optional(),
  replied: BooleanQuery.optional(),
});
export type AdminReviewsQuery = z.input<typeof AdminReviewsQuery>;
export type AdminReviewsQueryValues = z.output<typeof AdminReviewsQuery>;

export const AdminReviewsPage = z.object({
  reviews: z.array(AdminReview),
  next_cursor: Id.nullable(),
});
export type AdminReviewsPage = z.infer<typeof AdminReviewsPage>;

export const ReplyBody = z.object({ reply: z.string().trim().min(1).max(REVIEW_COMMENT_MAX) });
export type ReplyBody = z.input<typeof ReplyBody>;

export const VisibilityBody = z.object({
  hidden: z.boolean(),
  /** Why it is hidden: told to its author. */
  reason: z
    .string()
    .max(REVIEW_REASON_MAX)
    .optional()
    .nullable()
    .transform((value) => value?.trim() || null),
});
export type VisibilityBody = z.input<typeof VisibilityBody>;
