import { z } from 'zod';
import { User } from './auth.ts';
import { Booking } from './bookings.ts';
import { CheckIn } from './check-in.ts';
import { RefundStatus } from './cancellation.ts';
import { Id } from './common.ts';

/**
 * A guest's own data (docs/behaviour.md §12, decision 0021): the export (GDPR art. 15 and 20), the deletion of an
 * account (art. 17), and the admin's list of guests, who can do both for a guest on request.
 */

/** The name an anonymised account and its bookings keep. */
export const ANONYMISED_NAME = 'Deleted user';
/** An anonymised account's e-mail is `deleted-<its id>@deleted.invalid`: unique, and `.invalid` never routes (RFC 2606). */
export const ANONYMISED_EMAIL_DOMAIN = 'deleted.invalid';
export const anonymisedEmail = (userId: string) => `deleted-${userId}@${ANONYMISED_EMAIL_DOMAIN}`;
/** Whether an e-mail (of an account or a booking) is the stand-in of an anonymised account. */
export const isAnonymisedEmail = (email: string) => email.endsWith(`@${ANONYMISED_EMAIL_DOMAIN}`);

/** Exports an account may download a minute (GET /auth/me/export, and an admin's exports of guests). */
export const EXPORT_RATE_LIMIT = 5;

/** A card or PayPal payment opened for a booking: a Checkout Session or a PayPal order. */
export const ExportedPayment = z.object({
  provider: z.enum(['stripe', 'paypal']),
  /** open: could still be paid; paid: the money arrived; closed: expired or abandoned. */
  status: z.enum(['open', 'paid', 'closed']),
  amount: z.number(),
  created_at: z.string(),
});

export const ExportedRefund = z.object({
  provider: z.enum(['stripe', 'paypal']),
  amount: z.number(),
  status: RefundStatus.exclude(['none']),
  reason: z.string(),
  created_at: z.string(),
});

export const ExportedBooking = Booking.extend({
  payments: z.array(ExportedPayment),
  refunds: z.array(ExportedRefund),
  /** Its online check-in as entered, in clear (docs/decisions/0038); null: never begun, or deleted after the stay. */
  check_in: CheckIn.nullable().optional(),
});

/** A message the site sent (or will send) to the account: what it was about, never its body. */
export const ExportedMessage = z.object({
  channel: z.enum(['email', 'whatsapp']),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** Its address and body were erased (30 days after it was sent or given up, or when the account was deleted). */
  content_erased: z.boolean(),
});

export const ExportedProfile = User.extend({
  created_at: z.string(),
  /** When the account was anonymised; null for a live account. */
  anonymised_at: z.string().nullable(),
});

/** GET /auth/me/export, GET /admin/guests/{id}/export: one JSON file (Content-Disposition: attachment). */
export const AccountExport = z.object({
  format: z.literal('roomweek-account-export'),
  version: z.literal(1),
  exported_at: z.string(),
  profile: ExportedProfile,
  bookings: z.array(ExportedBooking),
  messages: z.array(ExportedMessage),
  /** The reviews the account wrote (docs/decisions/0035), hidden ones too. */
  reviews: z
    .array(
      z.object({
        id: z.string(),
        booking_id: z.string(),
        property_name: z.string(),
        room_number: z.string(),
        rating: z.number().int(),
        comment: z.string().nullable(),
        language: z.string(),
        reply: z.string().nullable(),
        hidden: z.boolean(),
        hidden_reason: z.string().nullable(),
        created_at: z.string(),
        updated_at: z.string(),
      }),
    )
    .optional(),
});
export type AccountExport = z.infer<typeof AccountExport>;

/** DELETE /auth/me and DELETE /admin/guests/{id}: the password of the account making the request, asked again. */
export const DeleteAccountBody = z.object({ current_password: z.string().min(1).max(200) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** What an account's deletion did: the upcoming bookings it cancelled and the money on its way back for them. */
export const AccountDeletion = z.object({
  cancelled_bookings: z.number().int().min(0),
  refund_amount: z.number().min(0),
});
export type AccountDeletion = z.infer<typeof AccountDeletion>;

/** The longest search the admin's guests list accepts. */
export const GUEST_SEARCH_MAX_LENGTH = 100;
/** The admin's guests screen shows this many accounts a page (also the list's default `limit`). */
export const GUESTS_PAGE_SIZE = 50;

/** GET /admin/guests: client accounts, newest first, searched by name, e-mail or phone; total in `X-Total-Count`. */
export const GuestsQuery = z.object({
  q: z.string().trim().max(GUEST_SEARCH_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type GuestsQuery = z.infer<typeof GuestsQuery>;

export const Guest = z.object({
  id: Id,
  name: z.string(),
  first_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  language: z.string(),
  created_at: z.string(),
  /** Every booking the account made, cancelled ones included. */
  bookings: z.number().int().min(0),
  anonymised_at: z.string().nullable(),
});
export type Guest = z.infer<typeof Guest>;
