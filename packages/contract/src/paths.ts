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
    bookingSummary: { method: 'GET', path: '/admin/bookings/summary' },
    refund: { method: 'POST', path: '/admin/bookings/:id/refund' },
    availability: { method: 'GET', path: '/admin/availability' },
    guests: { method: 'GET', path: '/admin/guests' },
    exportGuest: { method: 'GET', path: '/admin/guests/:id/export' },
    anonymiseGuest: { method: 'DELETE', path: '/admin/guests/:id' },
    whatsappSettings: { method: 'GET', path: '/admin/whatsapp-settings' },
    updateWhatsappSettings: { method: 'PUT', path: '/admin/whatsapp-settings' },
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
} as const satisfies Record<string, Record<string, RoutePath>>;
