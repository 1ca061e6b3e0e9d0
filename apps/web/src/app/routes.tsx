import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/status-view';
import { RequireAdmin, RequireAuth, RequireGuest } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error';

/** A page whose code loads the first time it is shown. */
function lazyPage<Module>(load: () => Promise<Module>, page: (module: Module) => ComponentType) {
  return lazy(async () => ({ default: page(await load()) }));
}

const HomePage = lazyPage(() => import('@/features/properties/routes/home-page'), (module) => module.HomePage);
const PropertyPage = lazyPage(() => import('@/features/properties/routes/property-page'), (module) => module.PropertyPage);
const SearchPage = lazyPage(() => import('@/features/search/routes/search-page'), (module) => module.SearchPage);
const RoomBookingPage = lazyPage(() => import('./routes/room-booking-page'), (module) => module.RoomBookingPage);
const ContactPage = lazyPage(() => import('@/features/contact/routes/contact-page'), (module) => module.ContactPage);
const PrivacyPage = lazyPage(() => import('@/features/privacy/routes/privacy-page'), (module) => module.PrivacyPage);
const AccountPage = lazyPage(() => import('@/features/privacy/routes/account-page'), (module) => module.AccountPage);
const MyBookingsPage = lazyPage(() => import('./routes/my-bookings-page'), (module) => module.MyBookingsRoutePage);
const CheckInPage = lazyPage(() => import('@/features/bookings/routes/check-in-page'), (module) => module.CheckInPage);
const PaymentSuccessPage = lazyPage(
  () => import('@/features/payments/routes/payment-success-page'),
  (module) => module.PaymentSuccessPage,
);
const PaymentCancelPage = lazyPage(
  () => import('@/features/payments/routes/payment-cancel-page'),
  (module) => module.PaymentCancelPage,
);
const PaypalSuccessPage = lazyPage(
  () => import('@/features/payments/routes/paypal-success-page'),
  (module) => module.PaypalSuccessPage,
);
const LoginPage = lazyPage(() => import('@/features/auth/routes/login-page'), (module) => module.LoginPage);
const RegisterPage = lazyPage(() => import('@/features/auth/routes/register-page'), (module) => module.RegisterPage);
const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/routes/forgot-password-page'),
  (module) => module.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/auth/routes/reset-password-page'),
  (module) => module.ResetPasswordPage,
);
const RecoverEmailPage = lazyPage(
  () => import('@/features/auth/routes/recover-email-page'),
  (module) => module.RecoverEmailPage,
);
const VerifyEmailPage = lazyPage(
  () => import('@/features/auth/routes/verify-email-page'),
  (module) => module.VerifyEmailPage,
);
const AdminApp = lazy(() => import('@/app/admin-app'));

/**
 * docs/behaviour.md §2 route table. Every page is lazy: the first page downloads only its own code — never the admin
 * area, the map, the calendar or the payment screens. The root layout shows a spinner while a first page
 * loads; a later navigation keeps the current page (and a progress bar) until the next one is ready.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path="property/:id" element={<PropertyPage />} />
          <Route path="room/:id" element={<RoomBookingPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          {/* Opened from an e-mail, signed in or not (docs/decisions/0029). */}
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route element={<RequireAuth />}>
            <Route path="my-bookings" element={<MyBookingsPage />} />
            <Route path="my-bookings/:id/check-in" element={<CheckInPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="payment-success" element={<PaymentSuccessPage />} />
            <Route path="payment-cancel" element={<PaymentCancelPage />} />
            <Route path="paypal-success" element={<PaypalSuccessPage />} />
          </Route>
          <Route element={<RequireGuest />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="recover-email" element={<RecoverEmailPage />} />
          </Route>
          {/* The admin area owns everything under /admin (its own nested routes). The guard is pathless: with
              `path="admin"` here, /admin itself would match the guard alone and render an empty outlet. */}
          <Route element={<RequireAdmin />}>
            <Route path="admin/*" element={<AdminApp />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
