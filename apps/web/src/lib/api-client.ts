import {
  type AdminBalanceBody,
  type AdminBookingsQuery,
  type BookingStatus,
  type AdminCreateBookingBody,
  type BillingDetails,
  type BlockBody,
  type BookingSettings,
  type BusinessSettingsBody,
  type CalendarBody,
  type CancelBookingBody,
  type CancellationPolicy,
  type ChangePasswordBody,
  type CheckInBody,
  type CheckInDayQuery,
  type CheckInExportQuery,
  type CreateBookingBody,
  type DeleteAccountBody,
  type GuestsQuery,
  type InvoicePeriodQuery,
  type LoginBody,
  type LoginTwoFactorBody,
  type SecuritySettings,
  type TwoFactorDisableBody,
  type PaymentSettingsUpdate,
  type PaymentTerms,
  type ProfileBody,
  type PropertyInput,
  type RecordPaymentBody,
  type RefundBody,
  type ReportQuery,
  type AdminReviewsQuery,
  type ReviewBody,
  type VisibilityBody,
  type AuditQuery,
  type InviteUserBody,
  type UpdateUserBody,
  type RegisterBody,
  type RoomInput,
  type SearchQuery,
} from '@roomweek/contract';
import { call, callPage, contentRead, download, routes, type ContentRead } from './api-transport';

export { API_BASE, ApiError, getToken, setApiTransport, TOKEN_KEY, type ContentRead, type DownloadedFile, type ListPage } from './api-transport';

/**
 * Every call of the API (docs/behaviour.md §7), each through the contract's route table. Features wrap these in query options
 * and hooks; nothing else calls `fetch` for /api.
 */
export const api = {
  config: (signal?: AbortSignal) => call(routes.system.config, { signal }),

  auth: {
    me: (signal?: AbortSignal) => call(routes.auth.me, { signal }),
    login: (body: LoginBody) => call(routes.auth.login, { body }),
    /** Ends the current token on the server (204). */
    logout: (signal?: AbortSignal) => call(routes.auth.logout, { signal }),
    register: (body: RegisterBody) => call(routes.auth.register, { body }),
    forgotPassword: (email: string) => call(routes.auth.forgotPassword, { body: { email } }),
    resetPassword: (token: string, newPassword: string) =>
      call(routes.auth.resetPassword, { body: { token, new_password: newPassword } }),
    recoverEmail: (hint: string) => call(routes.auth.recoverEmail, { body: { hint } }),
    /** Proves the account's e-mail with its link's token (docs/decisions/0029). */
    verifyEmail: (token: string) => call(routes.auth.verifyEmail, { body: { token } }),
    /** E-mails the signed-in account a new verification link. */
    resendVerification: () => call(routes.auth.resendVerification, {}),
    updateProfile: (body: ProfileBody) => call(routes.auth.updateProfile, { body }),
    changePassword: (body: ChangePasswordBody) => call(routes.auth.changePassword, { body }),
    /** Everything the site holds about the signed-in user, as the JSON file to save. */
    exportData: () => download(routes.auth.exportData, 'roomweek-my-data.json'),
    /** Deletes the signed-in account (its password again); every session of it ends. */
    deleteAccount: (body: DeleteAccountBody) => call(routes.auth.deleteAccount, { body }),
  },

  /** Two-factor sign-in and signed-in devices (docs/decisions/0034). */
  security: {
    loginTwoFactor: (body: LoginTwoFactorBody) => call(routes.security.loginTwoFactor, { body }),
    setup: () => call(routes.security.twoFactorSetup, {}),
    enable: (code: string) => call(routes.security.twoFactorEnable, { body: { code } }),
    disable: (body: TwoFactorDisableBody) => call(routes.security.twoFactorDisable, { body }),
    sessions: (signal?: AbortSignal) => call(routes.security.sessions, { signal }),
    endSession: (id: string) => call(routes.security.endSession, { params: { id } }),
    endOtherSessions: () => call(routes.security.endOtherSessions, {}),
    settings: (signal?: AbortSignal) => call(routes.security.settings, { signal }),
    updateSettings: (body: SecuritySettings) => call(routes.security.updateSettings, { body }),
  },

  /** Admins and staff, and the audit log (docs/decisions/0039). */
  team: {
    list: (signal?: AbortSignal) => call(routes.users.list, { signal }),
    invite: (body: InviteUserBody) => call(routes.users.invite, { body }),
    update: (id: string, body: UpdateUserBody) => call(routes.users.update, { params: { id }, body }),
    audit: (query: Partial<AuditQuery>, signal?: AbortSignal) => call(routes.audit.list, { query, signal }),
  },

  properties: {
    list: (read: ContentRead = {}) => call(routes.properties.list, contentRead(read)),
    get: (id: string, read: ContentRead = {}) => call(routes.properties.get, { params: { id }, ...contentRead(read) }),
    create: (body: PropertyInput) => call(routes.properties.create, { body }),
    update: (id: string, body: PropertyInput) => call(routes.properties.update, { params: { id }, body }),
    remove: (id: string) => call(routes.properties.remove, { params: { id } }),
  },

  rooms: {
    list: (propertyId?: string, read: ContentRead = {}) => {
      const { query, ...rest } = contentRead(read);
      return call(routes.rooms.list, { query: { property_id: propertyId, ...query }, ...rest });
    },
    get: (id: string, read: ContentRead = {}) => call(routes.rooms.get, { params: { id }, ...contentRead(read) }),
    availability: (id: string, start: string, end: string, signal?: AbortSignal) =>
      call(routes.rooms.availability, { params: { id }, query: { start, end }, signal }),
    /** What a stay would cost, and (issue 28) what is paid now and what later, as the server would book it today. */
    quote: (id: string, stay: { start_date: string; end_date: string; adults: number; children: number }, signal?: AbortSignal) =>
      call(routes.rooms.quote, { params: { id }, query: stay, signal }),
    create: (body: RoomInput) => call(routes.rooms.create, { body }),
    update: (id: string, body: RoomInput) => call(routes.rooms.update, { params: { id }, body }),
    remove: (id: string) => call(routes.rooms.remove, { params: { id } }),
  },

  /** Rooms a party can book (GET /search, issue 26): public and shared, so no session is sent. */
  search: (query: Omit<SearchQuery, 'lang'>, read: Omit<ContentRead, 'admin'> = {}) => {
    const { query: lang, ...rest } = contentRead(read);
    return call(routes.search.rooms, { query: { ...query, ...lang }, ...rest });
  },

  /** The amenities a room may list by key, labelled in `language` (the admin's room form). */
  amenities: (read: Omit<ContentRead, 'admin'> = {}) => call(routes.amenities.list, contentRead(read)),

  bookings: {
    mine: (signal?: AbortSignal) => call(routes.bookings.mine, { signal }),
    create: (body: CreateBookingBody) => call(routes.bookings.create, { body }),
    /** A guest sends no body (the booking's terms decide); an admin may send the refund and a reason. */
    cancel: (id: string, body?: CancelBookingBody) => call(routes.bookings.cancel, { params: { id }, body }),
    /** What cancelling now would give back, before the guest confirms. */
    cancellation: (id: string, signal?: AbortSignal) => call(routes.bookings.cancellation, { params: { id }, signal }),
    /** The booking's online check-in, and saving it as it stands (part-way allowed). */
    checkIn: (id: string, signal?: AbortSignal) => call(routes.bookings.checkIn, { params: { id }, signal }),
    saveCheckIn: (id: string, body: CheckInBody) => call(routes.bookings.saveCheckIn, { params: { id }, body }),
  },

  cancellation: {
    policy: (signal?: AbortSignal) => call(routes.cancellation.policy, { signal }),
    updatePolicy: (body: CancellationPolicy) => call(routes.cancellation.updatePolicy, { body }),
  },

  payments: {
    /** `saveCard`: the balance of a booking with a deposit is charged on its due date with this card (issue 28). */
    checkout: (bookingId: string, hostUrl: string, saveCard = false) =>
      call(routes.payments.checkout, { body: { booking_id: bookingId, host_url: hostUrl, ...(saveCard && { save_card: true }) } }),
    status: (sessionId: string, signal?: AbortSignal) =>
      call(routes.payments.status, { params: { session_id: sessionId }, signal }),
    paypalCreateOrder: (bookingId: string, returnUrl: string, cancelUrl: string) =>
      call(routes.payments.paypalCreateOrder, {
        body: { booking_id: bookingId, return_url: returnUrl, cancel_url: cancelUrl },
      }),
    paypalCapture: (orderId: string) => call(routes.payments.paypalCapture, { params: { order_id: orderId } }),
  },

  admin: {
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
  },

  /** A deposit now, the balance later (issue 28): the terms, the guest's payment of the balance, the owner's hand on it. */
  balances: {
    terms: (signal?: AbortSignal) => call(routes.balances.terms, { signal }),
    updateTerms: (body: PaymentTerms) => call(routes.balances.updateTerms, { body }),
    /** `{url}` of a Checkout Session (stripe) or `{order_id}` of a PayPal order. */
    pay: (id: string, body: { payment_method: 'stripe' | 'paypal'; host_url?: string; return_url?: string; cancel_url?: string }) => call(routes.balances.pay, { params: { id }, body }),
    manage: (id: string, body: AdminBalanceBody) => call(routes.balances.manage, { params: { id }, body }),
    payments: (id: string, signal?: AbortSignal) => call(routes.balances.payments, { params: { id }, signal }),
    recordPayment: (id: string, body: RecordPaymentBody) => call(routes.balances.recordPayment, { params: { id }, body }),
    overdue: (signal?: AbortSignal) => call(routes.balances.overdue, { signal }),
  },

  /** Verified reviews (docs/decisions/0035): the public lists are shared by every visitor, so no session is sent. */
  reviews: {
    ofProperty: (id: string, cursor?: string, signal?: AbortSignal) => call(routes.reviews.property, { params: { id }, query: { cursor }, anonymous: true, signal }),
    ofRoom: (id: string, cursor?: string, signal?: AbortSignal) => call(routes.reviews.room, { params: { id }, query: { cursor }, anonymous: true, signal }),
    mine: (signal?: AbortSignal) => call(routes.reviews.mine, { signal }),
    write: (bookingId: string, body: ReviewBody) => call(routes.reviews.write, { params: { id: bookingId }, body }),
    edit: (bookingId: string, body: ReviewBody) => call(routes.reviews.edit, { params: { id: bookingId }, body }),
    adminList: (query: AdminReviewsQuery, signal?: AbortSignal) => call(routes.reviews.adminList, { query, signal }),
    reply: (id: string, reply: string) => call(routes.reviews.reply, { params: { id }, body: { reply } }),
    setVisibility: (id: string, body: VisibilityBody) => call(routes.reviews.visibility, { params: { id }, body }),
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
  /** Invoices and credit notes (docs/decisions/0037-invoices.md): the booking's guest's and the admins'. */
  invoices: {
    ofBooking: (id: string, signal?: AbortSignal) => call(routes.invoices.ofBooking, { params: { id }, signal }),
    /** A document's PDF, to save under its number. */
    pdf: (number: string) => download(routes.invoices.pdf, `${number}.pdf`, { params: { number } }),
    /** Who a booking's invoices are made out to (null: the account), until its first invoice. */
    setBilling: (id: string, billing: BillingDetails | null) => call(routes.invoices.billing, { params: { id }, body: { billing } }),
    /** The admins' list of a period's documents, with their totals. */
    adminList: (query: InvoicePeriodQuery, signal?: AbortSignal) => call(routes.invoices.adminList, { query, signal }),
    /** The same period as the accountant's CSV. */
    exportCsv: (query: InvoicePeriodQuery) => download(routes.invoices.exportCsv, `invoices-${query.from}-${query.to}.csv`, { query }),
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
};
