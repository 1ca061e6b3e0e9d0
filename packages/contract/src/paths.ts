import type { RoutePath } from './route.ts';

/**
 * Where every call of the API goes, under /api, grouped by feature. `routes.ts` adds each one's schemas; this half
 * imports no zod, so the web app's first page can use it at run time and take the schemas as types only.
 */
export const paths = {
  system: {
    health: { method: 'GET', path: '/health' },
    ready: { method: 'GET', path: '/ready' },
    config: { method: 'GET', path: '/config' },
  },
  auth: {
    register: { method: 'POST', path: '/auth/register' },
    login: { method: 'POST', path: '/auth/login' },
    logout: { method: 'POST', path: '/auth/logout' },
    me: { method: 'GET', path: '/auth/me' },
    exportData: { method: 'GET', path: '/auth/me/export' },
    deleteAccount: { method: 'DELETE', path: '/auth/me' },
    updateProfile: { method: 'PUT', path: '/auth/profile' },
    changePassword: { method: 'PUT', path: '/auth/change-password' },
    forgotPassword: { method: 'POST', path: '/auth/forgot-password' },
    resetPassword: { method: 'POST', path: '/auth/reset-password' },
    recoverEmail: { method: 'POST', path: '/auth/recover-email' },
    verifyEmail: { method: 'POST', path: '/auth/verify-email' },
    resendVerification: { method: 'POST', path: '/auth/verify-email/resend' },
  },
  security: {
    twoFactorSetup: { method: 'POST', path: '/auth/2fa/setup' },
    twoFactorEnable: { method: 'POST', path: '/auth/2fa/enable' },
    twoFactorDisable: { method: 'POST', path: '/auth/2fa/disable' },
    loginTwoFactor: { method: 'POST', path: '/auth/login/2fa' },
    sessions: { method: 'GET', path: '/auth/sessions' },
    endSession: { method: 'DELETE', path: '/auth/sessions/:id' },
    endOtherSessions: { method: 'DELETE', path: '/auth/sessions' },
    settings: { method: 'GET', path: '/admin/security-settings' },
    updateSettings: { method: 'PUT', path: '/admin/security-settings' },
  },
  // Staff accounts and the audit log (issue 31, docs/decisions/0039-staff-and-audit.md).
  users: {
    list: { method: 'GET', path: '/admin/users' },
    invite: { method: 'POST', path: '/admin/users' },
    update: { method: 'PUT', path: '/admin/users/:id' },
  },
  audit: {
    list: { method: 'GET', path: '/admin/audit' },
  },
  properties: {
    list: { method: 'GET', path: '/properties' },
    get: { method: 'GET', path: '/properties/:id' },
    create: { method: 'POST', path: '/properties' },
    update: { method: 'PUT', path: '/properties/:id' },
    remove: { method: 'DELETE', path: '/properties/:id' },
  },
  amenities: {
    list: { method: 'GET', path: '/amenities' },
  },
  search: {
    rooms: { method: 'GET', path: '/search' },
  },
  rooms: {
    list: { method: 'GET', path: '/rooms' },
    get: { method: 'GET', path: '/rooms/:id' },
    availability: { method: 'GET', path: '/rooms/:id/availability' },
    quote: { method: 'GET', path: '/rooms/:id/quote' },
    create: { method: 'POST', path: '/rooms' },
    update: { method: 'PUT', path: '/rooms/:id' },
    remove: { method: 'DELETE', path: '/rooms/:id' },
  },
  bookings: {
    create: { method: 'POST', path: '/bookings' },
    mine: { method: 'GET', path: '/bookings' },
    all: { method: 'GET', path: '/bookings/all' },
    cancel: { method: 'PUT', path: '/bookings/:id/cancel' },
    cancellation: { method: 'GET', path: '/bookings/:id/cancellation' },
    checkIn: { method: 'GET', path: '/bookings/:id/check-in' },
    saveCheckIn: { method: 'PUT', path: '/bookings/:id/check-in' },
  },
  cancellation: {
    policy: { method: 'GET', path: '/cancellation-policy' },
    updatePolicy: { method: 'PUT', path: '/admin/cancellation-policy' },
  },
  payments: {
    stripeWebhook: { method: 'POST', path: '/payments/webhook/stripe' },
    paypalWebhook: { method: 'POST', path: '/payments/webhook/paypal' },
    checkout: { method: 'POST', path: '/payments/checkout' },
    status: { method: 'GET', path: '/payments/status/:session_id' },
    paypalCreateOrder: { method: 'POST', path: '/payments/paypal/create-order' },
    paypalCapture: { method: 'POST', path: '/payments/paypal/capture/:order_id' },
  },
  admin: {
    bookings: { method: 'GET', path: '/admin/bookings' },
    createBooking: { method: 'POST', path: '/admin/bookings' },
    bookingSummary: { method: 'GET', path: '/admin/bookings/summary' },
    refund: { method: 'POST', path: '/admin/bookings/:id/refund' },
    approveBooking: { method: 'PUT', path: '/admin/bookings/:id/approve' },
    declineBooking: { method: 'PUT', path: '/admin/bookings/:id/decline' },
    bookingSettings: { method: 'GET', path: '/admin/booking-settings' },
    updateBookingSettings: { method: 'PUT', path: '/admin/booking-settings' },
    availability: { method: 'GET', path: '/admin/availability' },
    guests: { method: 'GET', path: '/admin/guests' },
    exportGuest: { method: 'GET', path: '/admin/guests/:id/export' },
    anonymiseGuest: { method: 'DELETE', path: '/admin/guests/:id' },
    whatsappSettings: { method: 'GET', path: '/admin/whatsapp-settings' },
    updateWhatsappSettings: { method: 'PUT', path: '/admin/whatsapp-settings' },
    business: { method: 'GET', path: '/admin/business' },
    updateBusiness: { method: 'PUT', path: '/admin/business' },
    paymentSettings: { method: 'GET', path: '/payment-settings' },
    updatePaymentSettings: { method: 'PUT', path: '/payment-settings' },
    upload: { method: 'POST', path: '/upload' },
  },
  calendar: {
    timeline: { method: 'GET', path: '/admin/timeline' },
    blocks: { method: 'GET', path: '/admin/rooms/:id/blocks' },
    createBlock: { method: 'POST', path: '/admin/rooms/:id/blocks' },
    removeBlock: { method: 'DELETE', path: '/admin/rooms/:id/blocks/:block_id' },
    calendars: { method: 'GET', path: '/admin/rooms/:id/calendars' },
    addCalendar: { method: 'POST', path: '/admin/rooms/:id/calendars' },
    removeCalendar: { method: 'DELETE', path: '/admin/rooms/:id/calendars/:calendar_id' },
    syncCalendar: { method: 'POST', path: '/admin/rooms/:id/calendars/:calendar_id/sync' },
    regenerateToken: { method: 'POST', path: '/admin/rooms/:id/ical-token' },
    conflicts: { method: 'GET', path: '/admin/calendar-conflicts' },
    exportFeed: { method: 'GET', path: '/ical/:token.ics' },
  },
  // Verified reviews (issue 33, docs/decisions/0035-verified-reviews.md).
  reviews: {
    write: { method: 'POST', path: '/bookings/:id/review' },
    edit: { method: 'PUT', path: '/bookings/:id/review' },
    mine: { method: 'GET', path: '/bookings/reviews' },
    property: { method: 'GET', path: '/properties/:id/reviews' },
    room: { method: 'GET', path: '/rooms/:id/reviews' },
    adminList: { method: 'GET', path: '/admin/reviews' },
    reply: { method: 'PUT', path: '/admin/reviews/:id/reply' },
    visibility: { method: 'PUT', path: '/admin/reviews/:id/visibility' },
  },
  // Invoices and credit notes (issue 29, docs/decisions/0037-invoices.md).
  invoices: {
    ofBooking: { method: 'GET', path: '/bookings/:id/invoices' },
    billing: { method: 'PUT', path: '/bookings/:id/billing' },
    pdf: { method: 'GET', path: '/invoices/:number.pdf' },
    adminList: { method: 'GET', path: '/admin/invoices' },
    exportCsv: { method: 'GET', path: '/admin/exports/invoices.csv' },
  },
  // The guest registration for the authorities (issue 32 item 4, docs/decisions/0042).
  checkIns: {
    day: { method: 'GET', path: '/admin/check-ins' },
    exportCsv: { method: 'GET', path: '/admin/exports/check-ins.csv' },
  },
  // The owner's numbers (issue 30, docs/decisions/0045-reports.md).
  reports: {
    report: { method: 'GET', path: '/admin/reports' },
    bookingsCsv: { method: 'GET', path: '/admin/exports/bookings.csv' },
    paymentsCsv: { method: 'GET', path: '/admin/exports/payments.csv' },
    taxesCsv: { method: 'GET', path: '/admin/exports/taxes.csv' },
  },
  // A deposit now, the balance later (issue 28, docs/decisions/0044-deposits-and-balances.md).
  balances: {
    terms: { method: 'GET', path: '/payment-terms' },
    updateTerms: { method: 'PUT', path: '/admin/payment-terms' },
    pay: { method: 'POST', path: '/bookings/:id/balance' },
    manage: { method: 'POST', path: '/admin/bookings/:id/balance' },
    payments: { method: 'GET', path: '/admin/bookings/:id/payments' },
    recordPayment: { method: 'POST', path: '/admin/bookings/:id/payments' },
    overdue: { method: 'GET', path: '/admin/balances/overdue' },
  },
} as const satisfies Record<string, Record<string, RoutePath>>;
