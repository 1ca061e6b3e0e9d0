import {
  type AdminBalanceBody,
  type AdminBookingsQuery,
  type AdminCreateBookingBody,
  type AdminReviewsQuery,
  type AuditQuery,
  type BlockBody,
  type BookingSettings,
  type BookingStatus,
  type BusinessSettingsBody,
  type CalendarBody,
  type CancellationPolicy,
  type CheckInDayQuery,
  type CheckInExportQuery,
  type DeleteAccountBody,
  type GuestsQuery,
  type InviteUserBody,
  type InvoicePeriodQuery,
  type PaymentSettingsUpdate,
  type PaymentTerms,
  type PropertyInput,
  type RecordPaymentBody,
  type RefundBody,
  type ReportQuery,
  type RoomInput,
  type SecuritySettings,
  type UpdateUserBody,
  type VisibilityBody,
} from '@roomweek/contract';
import { call, callPage, download, routes } from '@/lib/api-transport';

/**
 * The calls only the admin area makes (docs/behaviour.md §7): its settings, bookings and guests, the team, the calendar,
 * the check-ins and the reports. Apart from the public app's `api` (lib/api-client.ts), so that they load with the admin
 * area and not in every page's first chunk.
 */
export const adminApi = {
  /** The owner's answer to an on-site booking waiting for approval, with an optional message to the guest. */
  approveBooking: (id: string, message?: string) => call(routes.admin.approveBooking, { params: { id }, body: { message } }),
  declineBooking: (id: string, message?: string) => call(routes.admin.declineBooking, { params: { id }, body: { message } }),
  bookingSettings: (signal?: AbortSignal) => call(routes.admin.bookingSettings, { signal }),
  updateBookingSettings: (body: BookingSettings) => call(routes.admin.updateBookingSettings, { body }),
  paymentSettings: (signal?: AbortSignal) => call(routes.admin.paymentSettings, { signal }),
  updatePaymentSettings: (body: PaymentSettingsUpdate) => call(routes.admin.updatePaymentSettings, { body }),
  /** One page of every booking, newest first, filtered by status and by a search on name, e-mail or id. */
  bookings: ({ status, q, limit, offset }: AdminBookingsQuery, signal?: AbortSignal) =>
    callPage(routes.admin.bookings, { query: { status, q: q || undefined, limit, offset }, signal }),
  /** A stay the owner took by phone or e-mail (docs/decisions/0032). */
  createBooking: (body: AdminCreateBookingBody) => call(routes.admin.createBooking, { body }),
  bookingSummary: (signal?: AbortSignal) => call(routes.admin.bookingSummary, { signal }),
  /** A refund without cancelling; the same `idempotencyKey` answers the first refund again and moves no money. */
  refund: (id: string, body: RefundBody, idempotencyKey: string) =>
    call(routes.admin.refund, { params: { id }, body, headers: { 'idempotency-key': idempotencyKey } }),
  availability: (signal?: AbortSignal) => call(routes.admin.availability, { signal }),
  /** One page of client accounts, newest first, searched by name, e-mail or phone. */
  guests: ({ q, limit, offset }: GuestsQuery, signal?: AbortSignal) =>
    callPage(routes.admin.guests, { query: { q: q || undefined, limit, offset }, signal }),
  /** A guest's data, as the file to hand them. */
  exportGuest: (id: string) => download(routes.admin.exportGuest, 'roomweek-guest.json', { params: { id } }),
  /** Anonymises a guest on request, with the admin's own password. */
  anonymiseGuest: (id: string, body: DeleteAccountBody) => call(routes.admin.anonymiseGuest, { params: { id }, body }),
  whatsappSettings: (signal?: AbortSignal) => call(routes.admin.whatsappSettings, { signal }),
  business: (signal?: AbortSignal) => call(routes.admin.business, { signal }),
  updateBusiness: (body: BusinessSettingsBody) => call(routes.admin.updateBusiness, { body }),
  updateWhatsappSettings: (whatsappNumber: string) =>
    call(routes.admin.updateWhatsappSettings, { body: { whatsapp_number: whatsappNumber } }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call(routes.admin.upload, { body: form });
  },

  /** Admins and staff, and the audit log (docs/decisions/0039). */
  team: {
    list: (signal?: AbortSignal) => call(routes.users.list, { signal }),
    invite: (body: InviteUserBody) => call(routes.users.invite, { body }),
    update: (id: string, body: UpdateUserBody) => call(routes.users.update, { params: { id }, body }),
    audit: (query: Partial<AuditQuery>, signal?: AbortSignal) => call(routes.audit.list, { query, signal }),
  },
  /** The owner's calendar (docs/behaviour.md §14): the timeline, blocks, imported and exported iCal feeds. */
  calendar: {
    timeline: (start: string, days: number, signal?: AbortSignal) => call(routes.calendar.timeline, { query: { start, days }, signal }),
    createBlock: (roomId: string, body: BlockBody) => call(routes.calendar.createBlock, { params: { id: roomId }, body }),
    removeBlock: (roomId: string, blockId: string) => call(routes.calendar.removeBlock, { params: { id: roomId, block_id: blockId } }),
    calendars: (roomId: string, signal?: AbortSignal) => call(routes.calendar.calendars, { params: { id: roomId }, signal }),
    addCalendar: (roomId: string, body: CalendarBody) => call(routes.calendar.addCalendar, { params: { id: roomId }, body }),
    removeCalendar: (roomId: string, calendarId: string) =>
      call(routes.calendar.removeCalendar, { params: { id: roomId, calendar_id: calendarId } }),
    syncCalendar: (roomId: string, calendarId: string) =>
      call(routes.calendar.syncCalendar, { params: { id: roomId, calendar_id: calendarId } }),
    regenerateToken: (roomId: string) => call(routes.calendar.regenerateToken, { params: { id: roomId } }),
    conflicts: (signal?: AbortSignal) => call(routes.calendar.conflicts, { signal }),
  },
  /** The guest registration (docs/decisions/0042): a day's arrivals (admins and staff), the authorities' CSV (admins). */
  checkIns: {
    day: (query: CheckInDayQuery, signal?: AbortSignal) => call(routes.checkIns.day, { query, signal }),
    exportCsv: (query: CheckInExportQuery) => download(routes.checkIns.exportCsv, `check-ins-${query.from}-${query.to}.csv`, { query }),
  },
  /** The owner's numbers (issue 30, docs/decisions/0045-reports.md): the report (admins and staff), the CSV exports (admins). */
  reports: {
    report: (query: ReportQuery, signal?: AbortSignal) => call(routes.reports.report, { query, signal }),
    /** Every booking the bookings screen's filters match. */
    bookingsCsv: (query: { status?: BookingStatus; q?: string }) => download(routes.reports.bookingsCsv, 'bookings.csv', { query }),
    paymentsCsv: (query: { from: string; to: string }) => download(routes.reports.paymentsCsv, `payments-${query.from}-${query.to}.csv`, { query }),
    taxesCsv: (query: { from: string; to: string }) => download(routes.reports.taxesCsv, `taxes-${query.from}-${query.to}.csv`, { query }),
  },
  security: {
    settings: (signal?: AbortSignal) => call(routes.security.settings, { signal }),
    updateSettings: (body: SecuritySettings) => call(routes.security.updateSettings, { body }),
  },
  balances: {
    terms: (signal?: AbortSignal) => call(routes.balances.terms, { signal }),
    updateTerms: (body: PaymentTerms) => call(routes.balances.updateTerms, { body }),
    manage: (id: string, body: AdminBalanceBody) => call(routes.balances.manage, { params: { id }, body }),
    payments: (id: string, signal?: AbortSignal) => call(routes.balances.payments, { params: { id }, signal }),
    recordPayment: (id: string, body: RecordPaymentBody) => call(routes.balances.recordPayment, { params: { id }, body }),
    overdue: (signal?: AbortSignal) => call(routes.balances.overdue, { signal }),
  },
  reviews: {
    adminList: (query: AdminReviewsQuery, signal?: AbortSignal) => call(routes.reviews.adminList, { query, signal }),
    reply: (id: string, reply: string) => call(routes.reviews.reply, { params: { id }, body: { reply } }),
    setVisibility: (id: string, body: VisibilityBody) => call(routes.reviews.visibility, { params: { id }, body }),
  },
  invoices: {
    /** The admins' list of a period's documents, with their totals. */
    adminList: (query: InvoicePeriodQuery, signal?: AbortSignal) => call(routes.invoices.adminList, { query, signal }),
    /** The same period as the accountant's CSV. */
    exportCsv: (query: InvoicePeriodQuery) => download(routes.invoices.exportCsv, `invoices-${query.from}-${query.to}.csv`, { query }),
  },
  cancellation: {
    policy: (signal?: AbortSignal) => call(routes.cancellation.policy, { signal }),
    updatePolicy: (body: CancellationPolicy) => call(routes.cancellation.updatePolicy, { body }),
  },
  properties: {
    create: (body: PropertyInput) => call(routes.properties.create, { body }),
    update: (id: string, body: PropertyInput) => call(routes.properties.update, { params: { id }, body }),
    remove: (id: string) => call(routes.properties.remove, { params: { id } }),
  },
  rooms: {
    create: (body: RoomInput) => call(routes.rooms.create, { body }),
    update: (id: string, body: RoomInput) => call(routes.rooms.update, { params: { id }, body }),
    remove: (id: string) => call(routes.rooms.remove, { params: { id } }),
  },
};
