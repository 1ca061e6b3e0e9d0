/**
 * The bookings' constants without zod, so the room and bookings pages can use them without loading it
 * (docs/decisions/0026-zod-free-public-pages.md); bookings.ts re-exports them beside its schemas.
 */

export const PAYMENT_METHODS = ['stripe', 'paypal', 'on_site'] as const;

export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;

/**
 * Why a cancelled booking was cancelled: by the guest, by an admin, its payment hold expired, the provider refused
 * the payment after processing it (a PayPal capture denied after PENDING), or the owner declined an on-site request.
 */
export const CANCEL_REASONS = ['user', 'admin', 'expired', 'payment_failed', 'declined'] as const;

/** `MAX_UNPAID_NIGHTS_PER_USER`'s default: upcoming unpaid on-site nights one account may hold (docs/decisions/0029). */
export const DEFAULT_MAX_UNPAID_NIGHTS = 28;
/** The longest message an owner may add to an approval or a refusal. */
export const APPROVAL_MESSAGE_MAX_LENGTH = 1000;

/**
 * An on-site booking waiting for the owner's approval (the setting `on_site_requires_approval`): pending, with no hold
 * deadline. Every other on-site booking is confirmed at once (docs/decisions/0029-on-site-bookings-need-proof.md).
 */
export const awaitsApproval = (booking: { status: string; payment_method: string }) =>
  booking.status === 'pending' && booking.payment_method === 'on_site';

/** Longest stay and furthest arrival the server accepts. */
export const MAX_STAY_DAYS = 365;
/** Where a booking came from: the site, or the owner entering one taken by phone or e-mail. */
export const BOOKING_SOURCES = ['web', 'admin'] as const;
export const MAX_DAYS_AHEAD = 730;

/** The admin bookings screen shows this many bookings a page. */
export const ADMIN_PAGE_SIZE = 50;
/** The longest search the admin bookings list accepts. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** docs/behaviour.md §9: the admin's upcoming check-ins are those of the next 7 days, today included. */
export const UPCOMING_CHECK_IN_DAYS = 7;
