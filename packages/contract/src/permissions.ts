import { paths } from './paths.ts';

/**
 * Who may do what among the people who run the site (issue 31, docs/decisions/0039-staff-and-audit.md): the ONE
 * permission table, read by the server's route guard (`authorization.ts`) and by the web app to hide what a role
 * cannot do. Zod-free, so the web's first page may load it.
 */
export type StaffRole = 'admin' | 'staff';

/** Each action and the roles allowed it. Admins may do everything; a route no entry names is admin-only. */
export const PERMISSIONS = {
  'dashboard.read': ['admin', 'staff'],
  'bookings.read': ['admin', 'staff'],
  /** Staff cancel without refund: what the guest paid stays owed back until an admin refunds it. */
  'bookings.cancel': ['admin', 'staff'],
  'timeline.read': ['admin', 'staff'],
  'availability.read': ['admin', 'staff'],
  'guests.read': ['admin', 'staff'],
  'reports.read': ['admin', 'staff'],
  'blocks.write': ['admin', 'staff'],
  'payments.record_on_site': ['admin', 'staff'],
  'bookings.create': ['admin'],
  'bookings.approve': ['admin'],
  'bookings.refund': ['admin'],
  'guests.manage': ['admin'],
  'properties.write': ['admin'],
  'rooms.write': ['admin'],
  'calendars.manage': ['admin'],
  'reviews.manage': ['admin'],
  'settings.read': ['admin'],
  'settings.write': ['admin'],
  'payments.settings': ['admin'],
  'security.settings': ['admin'],
  'users.manage': ['admin'],
  'audit.read': ['admin'],
  'invoices.read': ['admin'],
  /** Who arrives and whose check-in is complete: names only, for the welcome at the door. */
  'check_ins.read': ['admin', 'staff'],
  /** Every traveller's document and date of birth, for the authorities. */
  'check_ins.export': ['admin'],
  /** Every booking's guest and money, the payments and the taxes, as files (issue 30). */
  'reports.export': ['admin'],
  /** Charge, mark paid or waive a balance (issue 28). */
  'balances.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Action = keyof typeof PERMISSIONS;

/** Whether a role may take an action; a client (or anyone else) may take none of them. */
export function may(role: string | null | undefined, action: Action): boolean {
  return (PERMISSIONS[action] as readonly string[]).includes(role ?? '');
}

/** Whether the role is one of those who run the site (the admin screens are theirs). */
export const isStaffRole = (role: string | null | undefined): role is StaffRole => role === 'admin' || role === 'staff';

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** The action each admin route takes (paths under /api). A route of `auth: 'admin'` not listed here is admin-only. */
export const ROUTE_ACTIONS: Readonly<Record<string, Action>> = {
  [key(paths.admin.bookingSummary)]: 'dashboard.read',
  [key(paths.admin.bookings)]: 'bookings.read',
  [key(paths.bookings.all)]: 'bookings.read',
  [key(paths.admin.availability)]: 'availability.read',
  [key(paths.admin.guests)]: 'guests.read',
  [key(paths.calendar.timeline)]: 'timeline.read',
  [key(paths.calendar.blocks)]: 'timeline.read',
  [key(paths.calendar.conflicts)]: 'timeline.read',
  [key(paths.calendar.createBlock)]: 'blocks.write',
  [key(paths.calendar.removeBlock)]: 'blocks.write',
  [key(paths.admin.createBooking)]: 'bookings.create',
  [key(paths.admin.approveBooking)]: 'bookings.approve',
  [key(paths.admin.declineBooking)]: 'bookings.approve',
  [key(paths.admin.refund)]: 'bookings.refund',
  [key(paths.admin.exportGuest)]: 'guests.manage',
  [key(paths.admin.anonymiseGuest)]: 'guests.manage',
  [key(paths.properties.create)]: 'properties.write',
  [key(paths.properties.update)]: 'properties.write',
  [key(paths.properties.remove)]: 'properties.write',
  [key(paths.admin.upload)]: 'properties.write',
  [key(paths.rooms.create)]: 'rooms.write',
  [key(paths.rooms.update)]: 'rooms.write',
  [key(paths.rooms.remove)]: 'rooms.write',
  [key(paths.calendar.calendars)]: 'calendars.manage',
  [key(paths.calendar.addCalendar)]: 'calendars.manage',
  [key(paths.calendar.removeCalendar)]: 'calendars.manage',
  [key(paths.calendar.syncCalendar)]: 'calendars.manage',
  [key(paths.calendar.regenerateToken)]: 'calendars.manage',
  [key(paths.reviews.adminList)]: 'reviews.manage',
  [key(paths.reviews.reply)]: 'reviews.manage',
  [key(paths.reviews.visibility)]: 'reviews.manage',
  [key(paths.admin.bookingSettings)]: 'settings.read',
  [key(paths.admin.business)]: 'settings.read',
  [key(paths.admin.whatsappSettings)]: 'settings.read',
  [key(paths.admin.updateBookingSettings)]: 'settings.write',
  [key(paths.admin.updateBusiness)]: 'settings.write',
  [key(paths.admin.updateWhatsappSettings)]: 'settings.write',
  [key(paths.cancellation.updatePolicy)]: 'settings.write',
  [key(paths.admin.paymentSettings)]: 'payments.settings',
  [key(paths.admin.updatePaymentSettings)]: 'payments.settings',
  [key(paths.security.settings)]: 'security.settings',
  [key(paths.security.updateSettings)]: 'security.settings',
  [key(paths.users.list)]: 'users.manage',
  [key(paths.users.invite)]: 'users.manage',
  [key(paths.users.update)]: 'users.manage',
  [key(paths.audit.list)]: 'audit.read',
  [key(paths.invoices.adminList)]: 'invoices.read',
  [key(paths.invoices.exportCsv)]: 'invoices.read',
  [key(paths.checkIns.day)]: 'check_ins.read',
  [key(paths.checkIns.exportCsv)]: 'check_ins.export',
  [key(paths.reports.report)]: 'reports.read',
  [key(paths.reports.bookingsCsv)]: 'reports.export',
  [key(paths.reports.paymentsCsv)]: 'reports.export',
  [key(paths.reports.taxesCsv)]: 'reports.export',
  [key(paths.balances.updateTerms)]: 'settings.write',
  [key(paths.balances.manage)]: 'balances.manage',
  [key(paths.balances.payments)]: 'bookings.read',
  [key(paths.balances.recordPayment)]: 'payments.record_on_site',
  [key(paths.balances.overdue)]: 'dashboard.read',
};

/** The action of an admin route (method and path under /api, Fastify style), or undefined: admin-only. */
export function routeAction(method: string, path: string): Action | undefined {
  return ROUTE_ACTIONS[`${method} ${path}`];
}
