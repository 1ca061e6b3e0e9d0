/** Every route of docs/behaviour.md §2, in one place, so links and redirects cannot drift apart. */
export const paths = {
  home: '/',
  property: (id: string) => `/property/${encodeURIComponent(id)}`,
  room: (id: string) => `/room/${encodeURIComponent(id)}`,
  search: '/search',
  myBookings: '/my-bookings',
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

/** The stay a search asks for, or a result opens a room with (`?start_date=&end_date=&guests=`, issue 26). */
export interface StayParams {
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  guests?: number | null | undefined;
}

/** `path` with the stay's parameters that are set (none: the path alone). */
export function withStayParams(path: string, { start_date, end_date, guests }: StayParams): string {
  const query = new URLSearchParams();
  if (start_date && end_date) {
    query.set('start_date', start_date);
    query.set('end_date', end_date);
  }
  if (guests) query.set('guests', String(guests));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
