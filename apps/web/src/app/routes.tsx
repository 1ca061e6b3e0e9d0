import type { RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/status-view';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAdmin, RequireAuth, RequireGuest } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

/**
 * SPEC §2 route table. Every page is a lazy route: the first page downloads only its own code — never
 * the admin area, the map, the calendar or the payment screens.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('@/features/properties/routes/home-page')).HomePage }),
          },
          {
            path: 'property/:id',
            lazy: async () => ({
              Component: (await import('@/features/properties/routes/property-page')).PropertyPage,
            }),
          },
          {
            path: 'room/:id',
            lazy: async () => ({ Component: (await import('./routes/room-booking-page')).RoomBookingPage }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('@/features/contact/routes/contact-page')).ContactPage }),
          },
          {
            Component: RequireAuth,
            children: [
              {
                path: 'my-bookings',
                lazy: async () => ({
                  Component: (await import('@/features/bookings/routes/my-bookings-page')).MyBookingsPage,
                }),
              },
              {
                path: 'payment-success',
                lazy: async () => ({
                  Component: (await import('@/features/payments/routes/payment-success-page')).PaymentSuccessPage,
                }),
              },
              {
                path: 'payment-cancel',
                lazy: async () => ({
                  Component: (await import('@/features/payments/routes/payment-cancel-page')).PaymentCancelPage,
                }),
              },
              {
                path: 'paypal-success',
                lazy: async () => ({
                  Component: (await import('@/features/payments/routes/paypal-success-page')).PaypalSuccessPage,
                }),
              },
            ],
          },
          {
            Component: RequireGuest,
            children: [
              {
                path: 'login',
                lazy: async () => ({ Component: (await import('@/features/auth/routes/login-page')).LoginPage }),
              },
              {
                path: 'register',
                lazy: async () => ({ Component: (await import('@/features/auth/routes/register-page')).RegisterPage }),
              },
              {
                path: 'forgot-password',
                lazy: async () => ({
                  Component: (await import('@/features/auth/routes/forgot-password-page')).ForgotPasswordPage,
                }),
              },
              {
                path: 'reset-password',
                lazy: async () => ({
                  Component: (await import('@/features/auth/routes/reset-password-page')).ResetPasswordPage,
                }),
              },
              {
                path: 'recover-email',
                lazy: async () => ({
                  Component: (await import('@/features/auth/routes/recover-email-page')).RecoverEmailPage,
                }),
              },
            ],
          },
          {
            // The admin area owns everything under /admin (its own nested routes). The guard is pathless: with
            // `path: 'admin'` here, /admin itself would match the guard alone and render an empty outlet.
            Component: RequireAdmin,
            children: [
              {
                path: 'admin/*',
                lazy: async () => ({ Component: (await import('@/features/admin/admin-app')).default }),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
