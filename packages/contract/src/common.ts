import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { LANGUAGES } from './languages.ts';

export { DEFAULT_LANGUAGE, LANGUAGES } from './languages.ts';
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const Id = z.uuid();
export const IdParams = z.object({ id: Id });

/** A calendar date `YYYY-MM-DD`. */
export const CalendarDate = z
  .string()
  .refine(isCalendarDate, { message: 'Expected a date as YYYY-MM-DD' })
  .meta({ format: 'date', example: '2026-07-04' });

/**
 * What the API accepts where a date is expected: `YYYY-MM-DD` or a full ISO timestamp; the server keeps the
 * date part as seen in the site's time zone.
 */
export const DateInput = z
  .string()
  .max(40)
  .refine(
    (value) =>
      isCalendarDate(value) ||
      (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) &&
        !Number.isNaN(Date.parse(value)) &&
        isCalendarDate(value.slice(0, 10))),
    { message: 'Expected a date as YYYY-MM-DD or an ISO timestamp' },
  )
  .meta({ example: '2026-07-04' });

/** Euros as a number with at most 2 decimals. */
export const Euros = z
  .number()
  .finite()
  .min(0)
  .max(1_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: 'At most 2 decimals',
  });

/** A photo: a path under /uploads/ or /demo/ served by us, or an absolute https URL. */
export const PhotoUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^\/(uploads|demo)\/[A-Za-z0-9._-]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value), {
    message: 'Expected an uploaded photo URL',
  });

export const Photos = z.array(PhotoUrl).max(20);

export const ErrorResponse = z.object({
  detail: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The error answers of an admin's read, and of a write to something that may be missing or taken (routes.ts and its parts). */
export const adminErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
export const writeErrors = { ...adminErrors, 404: ErrorResponse, 409: ErrorResponse };

export const OkResponse = z.object({ detail: z.string() });

/** Stable error codes the web app translates; `detail` is the fallback text. */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'invalid_token',
  'forbidden',
  'not_found',
  'property_not_found',
  'room_not_found',
  'booking_not_found',
  'room_unavailable',
  'too_many_guests',
  'invalid_dates',
  'date_in_past',
  'stay_too_long',
  'changeover_day',
  'whole_weeks_only',
  'stay_too_short',
  'seasons_overlap',
  'booking_too_far',
  'booking_already_cancelled',
  'property_has_bookings',
  'room_has_bookings',
  'room_number_taken',
  'email_taken',
  'invalid_credentials',
  'wrong_password',
  'invalid_reset_token',
  'rate_limited',
  'busy',
  'payload_too_large',
  'invalid_image',
  'payment_not_configured',
  'payment_failed',
  'booking_not_payable',
  'invalid_return_url',
  'invalid_signature',
  'too_many_active_bookings',
  'too_many_unpaid_nights',
  'email_not_verified',
  'email_already_verified',
  'invalid_verification_token',
  'booking_not_awaiting_approval',
  'booking_finished',
  'refund_too_large',
  'nothing_to_refund',
  'idempotency_key_reused',
  'last_admin',
  'guest_not_found',
  'account_has_bookings',
  'block_not_found',
  'imported_block',
  'calendar_not_found',
  'calendar_exists',
  'too_many_calendars',
  'calendar_url_refused',
  'calendar_sync_running',
  'not_ready',
  'shutting_down',
  'storage_unavailable',
  'database_unavailable',
  'internal_error',
  // Two-factor sign-in and sessions (issue 31, docs/decisions/0034).
  'invalid_two_factor_code',
  'invalid_challenge',
  'two_factor_already_enabled',
  'two_factor_not_enabled',
  'two_factor_setup_missing',
  'two_factor_enrolment_required',
  'session_not_found',
  // Verified reviews (issue 33, docs/decisions/0035-verified-reviews.md).
  'already_reviewed',
  'stay_not_finished',
  'not_reviewable',
  'review_window_closed',
  'review_not_editable',
  'review_not_found',
  // Online check-in (issue 32).
  'check_in_party_mismatch',
  'traveller_age_mismatch',
  'guardian_not_adult',
  // Invoices and credit notes (issue 29, docs/decisions/0037-invoices.md).
  'invoice_not_found',
  'billing_locked',
  // Deposits and balances (issue 28).
  'nothing_due',
  'overpayment',
  'no_saved_card',
  // Staff and the audit log (issue 31, docs/decisions/0039-staff-and-audit.md).
  'user_not_found',
  'account_disabled',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
