import { z } from 'zod';
import { ADMIN_SEARCH_MAX_LENGTH, APPROVAL_MESSAGE_MAX_LENGTH, BOOKING_SOURCES, BOOKING_STATUSES, CANCEL_REASONS, PAYMENT_METHODS } from './booking-rules.ts';
import { BillingDetails } from './billing.ts';
import { CancellationPolicy, CancelledBy, RefundStatus } from './cancellation.ts';
import { CHECK_IN_STATUSES } from './check-in-rules.ts';
import { CalendarDate, DateInput, Id, Language } from './common.ts';
import { BookingSchedule } from './payment-terms.ts';
import { PartyInput, PriceLineResponse } from './stay-schemas.ts';

export {
  ADMIN_PAGE_SIZE,
  APPROVAL_MESSAGE_MAX_LENGTH,
  awaitsApproval,
  DEFAULT_MAX_UNPAID_NIGHTS,
  ADMIN_SEARCH_MAX_LENGTH,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  CANCEL_REASONS,
  MAX_DAYS_AHEAD,
  MAX_STAY_DAYS,
  PAYMENT_METHODS,
  UPCOMING_CHECK_IN_DAYS,
} from './booking-rules.ts';

export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const BookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatus>;

/** Why a cancelled booking was cancelled (CANCEL_REASONS in booking-rules.ts). */
export const CancelReason = z.enum(CANCEL_REASONS);
export type CancelReason = z.infer<typeof CancelReason>;

export const BookingSource = z.enum(BOOKING_SOURCES);
export type BookingSource = z.infer<typeof BookingSource>;

export const Booking = z.object({
  id: Id,
  room_id: Id,
  user_name: z.string(),
  user_email: z.string(),
  start_date: CalendarDate,
  end_date: CalendarDate,
  /** The party: at least one adult; children under 18. */
  adults: z.number().int(),
  children: z.number().int(),
  /** `web`: booked on the site by the guest; `admin`: entered by the owner (a booking taken by phone or e-mail). */
  source: BookingSource,
  total_price: z.number(),
  /**
   * What it was charged, line by line, copied when it was made (docs/behaviour.md §18): the rent's nights, each fee and
   * tax (names in the language answered); later changes of fees, taxes or VAT change no booking. Empty for a booking
   * made before prices were itemised.
   */
  price_lines: z.array(PriceLineResponse),
  /** total_price = rent_total + fees_total + taxes_total; vat_included is in rent and fees. */
  rent_total: z.number(),
  fees_total: z.number(),
  taxes_total: z.number(),
  vat_included: z.number(),
  status: BookingStatus,
  payment_method: PaymentMethod,
  cancel_reason: CancelReason.nullable(),
  /** Euros actually received for it (every payment that arrived; 0 on site or unpaid). */
  paid_amount: z.number(),
  /** Euros refunded or being refunded (refunds that failed are not counted). */
  refund_amount: z.number(),
  /** Where its latest refund stands (docs/behaviour.md §10); `none` when nothing was ever refunded. */
  refund_status: RefundStatus,
  /** When its latest refund failed: how much it was (what "Retry refund" sends again); else 0. */
  failed_refund_amount: z.number(),
  /** The terms it was booked under (later changes of the policy do not change them). */
  cancellation_policy: CancellationPolicy,
  /** Its payment schedule (issue 28): the deposit paid at booking, the balance and by when, where the balance stands. */
  ...BookingSchedule.shape,
  /** The last day on which cancelling gives everything back: arrival − free_until_days. */
  free_cancellation_until: CalendarDate,
  /** Who cancelled it: the guest, an admin, or the system (a hold that ran out, a refused payment); null if not cancelled. */
  cancelled_by: CancelledBy.nullable(),
  /** Until when an unpaid card or PayPal booking holds its dates. */
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  room_number: z.string(),
  property_id: Id,
  /** In the language answered where it has a translation, else French (docs/behaviour.md §15). */
  property_name: z.string(),
  /** The language `property_name` is in. */
  text_languages: z.object({ property_name: Language }),
  /** Where its online check-in stands (GET /bookings/{id}/check-in). */
  check_in_status: z.enum(CHECK_IN_STATUSES),
  /**
   * Only in the guest's own list (GET /bookings/mine): the property's arrival instructions in the reader's language
   * (French fallback) from ARRIVAL_INSTRUCTIONS_DAYS before arrival on; null before that day, or when not confirmed.
   */
  arrival_instructions: z.string().nullable().optional(),
  /** Who its invoices are made out to when the guest gave billing details (issue 29); null: the guest's account. */
  billing: BillingDetails.nullable(),
});
export type Booking = z.infer<typeof Booking>;

export const CreateBookingBody = z.object({
  room_id: Id,
  start_date: DateInput,
  end_date: DateInput,
  payment_method: PaymentMethod,
  ...PartyInput.shape,
  /** Optional: who the invoices are made out to, when not the account (issue 29). */
  billing: BillingDetails.optional(),
});
export type CreateBookingBody = z.input<typeof CreateBookingBody>;

/** The longest note an owner may keep on a booking they entered. */
export const ADMIN_BOOKING_NOTE_MAX_LENGTH = 1000;

/**
 * POST /admin/bookings: a stay the owner takes by phone or e-mail. Same conflict checks as any booking (409
 * room_unavailable), the room's stay rules unless `ignore_rules`; past dates allowed (such a stay is confirmed and
 * sends no message). It belongs to the account with `guest_email`, or to a new one that gets an e-mail to choose its
 * password.
 */
export const AdminCreateBookingBody = z.object({
  room_id: Id,
  start_date: DateInput,
  end_date: DateInput,
  ...PartyInput.shape,
  guest_email: z.email().max(254),
  guest_name: z.string().trim().min(1).max(100),
  /** The language of the account opened for a new guest (its e-mails); an existing account keeps its own. Default: the site's. */
  guest_language: Language.optional(),
  payment_method: z.enum(['on_site']).default('on_site'),
  note: z.string().trim().max(ADMIN_BOOKING_NOTE_MAX_LENGTH).default(''),
  ignore_rules: z.boolean().default(false),
});
export type AdminCreateBookingBody = z.input<typeof AdminCreateBookingBody>;

/**
 * GET /admin/bookings: the admin's bookings, newest first, filtered by status and by a search on the guest's name,
 * e-mail or the booking id (case-insensitive); one page with `limit`/`offset`, the matching total in `X-Total-Count`.
 */
export const AdminBookingsQuery = z.object({
  status: BookingStatus.optional(),
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type AdminBookingsQuery = z.infer<typeof AdminBookingsQuery>;

const Count = z.number().int().min(0);

/** What the operator should fix, shown on the admin dashboard: `public_url_unset`, production without PUBLIC_URL. */
export const SiteWarning = z.enum(['public_url_unset']);
export type SiteWarning = z.infer<typeof SiteWarning>;

/** GET /admin/bookings/summary: the counters of the dashboard and the bookings screen, over every booking. */
export const BookingSummary = z.object({
  total: Count,
  confirmed: Count,
  pending: Count,
  cancelled: Count,
  /** Sum of the confirmed bookings' totals, in cents (docs/behaviour.md §2 revenue). */
  revenue_cents: Count,
  /** Money kept: everything received minus everything refunded or being refunded, over every booking, in cents. */
  received_cents: Count,
  /** Bookings whose refund is on its way, and how much is being refunded on them. */
  refunds_pending: Count,
  refunds_pending_cents: Count,
  /** Bookings whose latest refund failed for good: the admin retries or refunds by hand. */
  refunds_failed: Count,
  /** The site's configuration problems the dashboard shows (docs/behaviour.md §13). */
  warnings: z.array(SiteWarning),
});
export type BookingSummary = z.infer<typeof BookingSummary>;

/**
 * GET /admin/availability: what the availability screen needs, and nothing more: the site's today and the
 * non-cancelled bookings that cover today (`start_date <= today <= end_date`), that arrive within the next 7 days
 * (`today <= start_date < today + 7`), or that are a room's next booking (its earliest `start_date > today`).
 */
export const AdminAvailability = z.object({
  today: CalendarDate,
  bookings: z.array(Booking),
});
export type AdminAvailability = z.infer<typeof AdminAvailability>;

/** The owner's answer to an on-site booking waiting for approval: an optional message to the guest, in the e-mail. */
export const ApprovalBody = z.object({ message: z.string().trim().max(APPROVAL_MESSAGE_MAX_LENGTH).optional() });
export type ApprovalBody = z.infer<typeof ApprovalBody>;
