/**
 * The bookings' constants without zod, so the room and bookings pages can use them without loading it
 * (docs/decisions/0026-zod-free-public-pages.md); bookings.ts re-exports them beside its schemas.
 */

export const PAYMENT_METHODS = ['stripe', 'paypal', 'on_site'] as const;

export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;

/**
 * Why a cancelled booking was cancelled: by the guest, by an admin, its payment hold expired, or the provider refused
 * the payment after processing it (a PayPal capture denied after PENDING).
 */
export const CANCEL_REASONS = ['user', 'admin', 'expired', 'payment_failed'] as const;

/** Longest stay and furthest arrival the server accepts. */
export const MAX_STAY_DAYS = 365;
export const MAX_DAYS_AHEAD = 730;

/** The admin bookings screen shows this many bookings a page. */
export const ADMIN_PAGE_SIZE = 50;
/** The longest search the admin bookings list accepts. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** docs/behaviour.md §9: the admin's upcoming check-ins are those of the next 7 days, today included. */
export const UPCOMING_CHECK_IN_DAYS = 7;
