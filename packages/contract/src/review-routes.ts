import { z } from 'zod';
import { adminErrors, ErrorResponse, IdParams, writeErrors } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { AdminReview, AdminReviewsPage, AdminReviewsQuery, MyReview, MyReviewSlot, ReplyBody, ReviewBody, ReviewsPage, ReviewsQuery, VisibilityBody } from './reviews.ts';

/**
 * Verified reviews (issue 33, docs/decisions/0035-verified-reviews.md). Part of routes.ts's table. Built by a call, not a
 * bare object literal, so the web build's pure-contract plugin keeps these schemas out of the pages that do not use them.
 */
export const reviewRoutes = Object.freeze({
  write: defineRoute(paths.reviews.write, {
    auth: 'user',
    summary:
      "Review one of your stays: its guest only (403 otherwise), from the departure day until REVIEW_WINDOW_DAYS after it, once. " +
      '409 stay_not_finished before departure, not_reviewable for a booking never confirmed or cancelled, review_window_closed ' +
      'after the window, already_reviewed for a second one',
    params: IdParams,
    body: ReviewBody,
    response: { 201: MyReview, ...writeErrors },
  }),
  edit: defineRoute(paths.reviews.edit, {
    auth: 'user',
    summary: 'Change your review of this stay, within 48 hours of writing it (409 review_not_editable after); 404 review_not_found without one',
    params: IdParams,
    body: ReviewBody,
    response: { 200: MyReview, ...writeErrors },
  }),
  mine: defineRoute(paths.reviews.mine, {
    auth: 'user',
    summary: 'Your stays open to a review (from REVIEW_INVITE_DAYS after departure until REVIEW_WINDOW_DAYS after it) and your reviews',
    response: { 200: z.array(MyReviewSlot), 401: ErrorResponse },
  }),
  property: defineRoute(paths.reviews.property, {
    auth: 'public',
    summary: "A property's visible reviews (its rooms'), newest first, a page at a time (cursor: the previous page's next_cursor)",
    params: IdParams,
    querystring: ReviewsQuery,
    response: { 200: ReviewsPage, 400: ErrorResponse, 404: ErrorResponse },
  }),
  room: defineRoute(paths.reviews.room, {
    auth: 'public',
    summary: "A room's visible reviews, newest first, a page at a time (cursor: the previous page's next_cursor)",
    params: IdParams,
    querystring: ReviewsQuery,
    response: { 200: ReviewsPage, 400: ErrorResponse, 404: ErrorResponse },
  }),
  adminList: defineRoute(paths.reviews.adminList, {
    auth: 'admin',
    summary: 'Every review, hidden ones too, newest first; filters: property_id, rating, replied (true/false)',
    querystring: AdminReviewsQuery,
    response: { 200: AdminReviewsPage, ...adminErrors },
  }),
  reply: defineRoute(paths.reviews.reply, {
    auth: 'admin',
    summary: "The owner's one public reply to a review (a second call changes it)",
    params: IdParams,
    body: ReplyBody,
    response: { 200: AdminReview, ...writeErrors },
  }),
  visibility: defineRoute(paths.reviews.visibility, {
    auth: 'admin',
    summary: 'Hides a review from the public pages (its record is kept, its author is told with the reason) or shows it again',
    params: IdParams,
    body: VisibilityBody,
    response: { 200: AdminReview, ...writeErrors },
  }),
});
