import { z } from 'zod';
import { AdminAvailability, AdminBookingsQuery, AdminCreateBookingBody, ApprovalBody, Booking, BookingSummary } from './bookings.ts';
import { RefundBody, RefundHeaders } from './cancellation.ts';
import { adminErrors, ErrorResponse, IdParams, writeErrors } from './common.ts';
import { paths } from './paths.ts';
import { AccountDeletion, AccountExport, DeleteAccountBody, Guest, GuestsQuery } from './privacy.ts';
import { defineRoute } from './route.ts';
import { BusinessSettings } from './business.ts';
import { BookingSettings, PaymentSettings, PaymentSettingsUpdate, UploadResponse, WhatsappSettings, WhatsappSettingsUpdate } from './settings.ts';

/** The owner's screens' calls (bookings, guests, settings, uploads). Part of routes.ts's table. */
export const adminRoutes = Object.freeze({
  bookings: defineRoute(paths.admin.bookings, {
    auth: 'admin',
    summary: 'Every booking with room number and property name; optional filter and page (X-Total-Count)',
    querystring: AdminBookingsQuery,
    response: { 200: z.array(Booking), ...adminErrors },
  }),
  createBooking: defineRoute(paths.admin.createBooking, {
    auth: 'admin',
    summary:
      'Enter a stay taken by phone or e-mail (on site): the same conflict checks as any booking (409 room_unavailable), ' +
      'the stay rules unless ignore_rules, past dates allowed (confirmed, no message); a new guest gets an e-mail to choose a password',
    body: AdminCreateBookingBody,
    response: { 201: Booking, ...writeErrors },
  }),
  bookingSummary: defineRoute(paths.admin.bookingSummary, {
    auth: 'admin',
    summary: 'Counters and revenue over every booking',
    response: { 200: BookingSummary, ...adminErrors },
  }),
  refund: defineRoute(paths.admin.refund, {
    auth: 'admin',
    summary:
      'Refunds part or all of a paid booking without cancelling it (a goodwill gesture, or again after a failed refund). ' +
      'The same Idempotency-Key answers the first refund again and moves no money; 400 refund_too_large past what was paid',
    params: IdParams,
    headers: RefundHeaders,
    body: RefundBody,
    response: { 200: Booking, ...writeErrors },
  }),
  approveBooking: defineRoute(paths.admin.approveBooking, {
    auth: 'admin',
    summary:
      'Confirms an on-site booking waiting for approval; the guest gets the confirmation with the optional message. ' +
      '409 booking_not_awaiting_approval',
    params: IdParams,
    body: ApprovalBody.nullish(),
    response: { 200: Booking, ...writeErrors },
  }),
  declineBooking: defineRoute(paths.admin.declineBooking, {
    auth: 'admin',
    summary:
      'Declines an on-site booking waiting for approval: cancelled (declined), its nights freed, the guest told with the ' +
      'optional message. 409 booking_not_awaiting_approval',
    params: IdParams,
    body: ApprovalBody.nullish(),
    response: { 200: Booking, ...writeErrors },
  }),
  bookingSettings: defineRoute(paths.admin.bookingSettings, {
    auth: 'admin',
    summary: 'How bookings are taken: whether on-site bookings wait for the owner',
    response: { 200: BookingSettings, ...adminErrors },
  }),
  updateBookingSettings: defineRoute(paths.admin.updateBookingSettings, {
    auth: 'admin',
    summary: 'Change how bookings are taken; bookings already made keep their state',
    body: BookingSettings,
    response: { 200: BookingSettings, ...adminErrors },
  }),
  guests: defineRoute(paths.admin.guests, {
    auth: 'admin',
    summary: 'Client accounts, newest first, searched by name, e-mail or phone; one page (X-Total-Count); anonymised ones say so',
    querystring: GuestsQuery,
    response: { 200: z.array(Guest), ...adminErrors },
  }),
  exportGuest: defineRoute(paths.admin.exportGuest, {
    auth: 'admin',
    summary: "A guest's data as GET /auth/me/export gives it to them, for a request the owner received. 404 guest_not_found",
    params: IdParams,
    response: { 200: AccountExport, ...adminErrors, 404: ErrorResponse, 429: ErrorResponse },
  }),
  anonymiseGuest: defineRoute(paths.admin.anonymiseGuest, {
    auth: 'admin',
    summary:
      "Anonymises a guest on request, with the admin's password: their upcoming bookings are cancelled with everything " +
      'refunded, the account is anonymised as when they delete it. 401 wrong_password; 404 guest_not_found',
    params: IdParams,
    body: DeleteAccountBody,
    response: { 200: AccountDeletion, ...writeErrors, 429: ErrorResponse, 503: ErrorResponse },
  }),
  availability: defineRoute(paths.admin.availability, {
    auth: 'admin',
    summary:
      "The site's today and the bookings the availability screen needs: covering today, arriving within 7 days, each room's next",
    response: { 200: AdminAvailability, ...adminErrors },
  }),
  whatsappSettings: defineRoute(paths.admin.whatsappSettings, {
    auth: 'admin',
    summary: "The admin's WhatsApp number and how booking alerts reach it",
    response: { 200: WhatsappSettings, ...adminErrors },
  }),
  updateWhatsappSettings: defineRoute(paths.admin.updateWhatsappSettings, {
    auth: 'admin',
    summary: "Change the admin's WhatsApp number",
    body: WhatsappSettingsUpdate,
    response: { 200: WhatsappSettings, ...adminErrors },
  }),
  business: defineRoute(paths.admin.business, {
    auth: 'admin',
    summary: 'The business renting the rooms: its legal details, the invoice prefix and notes (issue 29)',
    response: { 200: BusinessSettings, ...adminErrors },
  }),
  updateBusiness: defineRoute(paths.admin.updateBusiness, {
    auth: 'admin',
    summary: 'Replace the business details; a field left out takes its default (empty, prefix RW)',
    body: BusinessSettings,
    response: { 200: BusinessSettings, ...adminErrors },
  }),
  paymentSettings: defineRoute(paths.admin.paymentSettings, {
    auth: 'admin',
    summary: 'Payment provider keys, secrets masked',
    response: { 200: PaymentSettings, ...adminErrors },
  }),
  updatePaymentSettings: defineRoute(paths.admin.updatePaymentSettings, {
    auth: 'admin',
    summary: 'Only the fields sent change; empty keeps the current value',
    body: PaymentSettingsUpdate,
    response: { 200: PaymentSettings, ...adminErrors },
  }),
  upload: defineRoute(paths.admin.upload, {
    auth: 'admin',
    summary: 'One image in the multipart field `file`; answers its url',
    consumes: ['multipart/form-data'] as const,
    response: { 201: UploadResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 413: ErrorResponse },
  }),
});
