import {
  type BillingDetails,
  type CancelBookingBody,
  type ChangePasswordBody,
  type CheckInBody,
  type CreateBookingBody,
  type DeleteAccountBody,
  type LoginBody,
  type LoginTwoFactorBody,
  type TwoFactorDisableBody,
  type ProfileBody,
  type ReviewBody,
  type RegisterBody,
  type SearchQuery,
} from '@roomweek/contract';
import { call, contentRead, download, routes, type ContentRead } from './api-transport';

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
},


  properties: {
    list: (read: ContentRead = {}) => call(routes.properties.list, contentRead(read)),
    get: (id: string, read: ContentRead = {}) => call(routes.properties.get, { params: { id }, ...contentRead(read) }),
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


  /** A deposit now, the balance later (issue 28): the terms, the guest's payment of the balance, the owner's hand on it. */
  balances: {
    /** `{url}` of a Checkout Session (stripe) or `{order_id}` of a PayPal order. */
    pay: (id: string, body: { payment_method: 'stripe' | 'paypal'; host_url?: string; return_url?: string; cancel_url?: string }) => call(routes.balances.pay, { params: { id }, body }),
},

  /** Verified reviews (docs/decisions/0035): the public lists are shared by every visitor, so no session is sent. */
  reviews: {
    ofProperty: (id: string, cursor?: string, signal?: AbortSignal) => call(routes.reviews.property, { params: { id }, query: { cursor }, anonymous: true, signal }),
    ofRoom: (id: string, cursor?: string, signal?: AbortSignal) => call(routes.reviews.room, { params: { id }, query: { cursor }, anonymous: true, signal }),
    mine: (signal?: AbortSignal) => call(routes.reviews.mine, { signal }),
    write: (bookingId: string, body: ReviewBody) => call(routes.reviews.write, { params: { id: bookingId }, body }),
    edit: (bookingId: string, body: ReviewBody) => call(routes.reviews.edit, { params: { id: bookingId }, body }),
},

  /** Invoices and credit notes (docs/decisions/0037-invoices.md): the booking's guest's and the admins'. */
  invoices: {
    ofBooking: (id: string, signal?: AbortSignal) => call(routes.invoices.ofBooking, { params: { id }, signal }),
    /** A document's PDF, to save under its number. */
    pdf: (number: string) => download(routes.invoices.pdf, `${number}.pdf`, { params: { number } }),
    /** Who a booking's invoices are made out to (null: the account), until its first invoice. */
    setBilling: (id: string, billing: BillingDetails | null) => call(routes.invoices.billing, { params: { id }, body: { billing } }),
},
};
