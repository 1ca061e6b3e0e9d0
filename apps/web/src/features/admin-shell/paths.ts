import { paths } from '@/config/paths';

/** The admin screens of docs/behaviour.md §2 (nested under /admin by admin-app.tsx). */
export const adminPaths = {
  dashboard: paths.admin,
  properties: `${paths.admin}/properties`,
  rooms: `${paths.admin}/rooms`,
  bookings: `${paths.admin}/bookings`,
  availability: `${paths.admin}/availability`,
  paymentSettings: `${paths.admin}/payment-settings`,
  account: paths.adminAccount,
  whatsapp: `${paths.admin}/whatsapp`,
  business: `${paths.admin}/business`,
  invoices: `${paths.admin}/invoices`,
  reports: `${paths.admin}/reports`,
  cancellationPolicy: `${paths.admin}/cancellation-policy`,
  guests: `${paths.admin}/guests`,
  calendar: `${paths.admin}/calendar`,
  reviews: `${paths.admin}/reviews`,
  users: `${paths.admin}/users`,
  audit: `${paths.admin}/audit`,
  checkIns: `${paths.admin}/check-ins`,
} as const;
