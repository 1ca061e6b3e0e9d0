/** Every route of docs/behaviour.md §2, in one place, so links and redirects cannot drift apart. */
export const paths = {
  home: '/',
  property: (id: string) => `/property/${encodeURIComponent(id)}`,
  room: (id: string) => `/room/${encodeURIComponent(id)}`,
  search: '/search',
  myBookings: '/my-bookings',
  checkIn: (bookingId: string) => `/my-bookings/${encodeURIComponent(bookingId)}/check-in`,
  contact: '/contact',
  privacy: '/privacy',
  account: '/account',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  recoverEmail: '/recover-email',
  verifyEmail: '/verify-email',
  paymentSuccess: '/payment-success',
  paymentCancel: '/payment-cancel',
  paypalSuccess: '/paypal-success',
  admin: '/admin',
  adminAccount: '/admin/account',
} as const;

export const DEFAULT_PHOTO = '/images/default-photo.svg';

