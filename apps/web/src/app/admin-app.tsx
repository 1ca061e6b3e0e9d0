import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/status-view';
import DashboardPage from '@/features/admin-bookings/routes/dashboard-page';

// The dashboard comes with the admin area; each management screen loads when first opened.
const PropertiesPage = lazy(() => import('@/features/admin-properties/routes/properties-page'));
const RoomsPage = lazy(() => import('@/features/admin-properties/routes/rooms-page'));
const BookingsPage = lazy(() => import('@/features/admin-bookings/routes/bookings-page'));
const AvailabilityPage = lazy(() => import('@/features/admin-bookings/routes/availability-page'));
const PaymentSettingsPage = lazy(() => import('@/features/admin-settings/routes/payment-settings-page'));
const AccountPage = lazy(() => import('@/features/admin-settings/routes/account-page'));
const WhatsappPage = lazy(() => import('@/features/admin-settings/routes/whatsapp-page'));
const BusinessPage = lazy(() => import('@/features/admin-settings/routes/business-page'));
const InvoicesPage = lazy(() => import('@/features/admin-invoices/routes/invoices-page'));
const CancellationPolicyPage = lazy(() => import('@/features/admin-settings/routes/cancellation-policy-page'));
const GuestsPage = lazy(() => import('@/features/admin-bookings/routes/guests-page'));
const CalendarPage = lazy(() => import('@/features/admin-calendar/routes/calendar-page'));
const ReviewsPage = lazy(() => import('@/features/admin-reviews/routes/reviews-page'));

/**
 * The admin area (docs/behaviour.md §2), mounted at /admin/* behind the admin-only guard and loaded lazily by the app's
 * router. Its screens are nested routes relative to /admin; the root layout's Suspense covers their loading.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="properties" element={<PropertiesPage />} />
      <Route path="rooms" element={<RoomsPage />} />
      <Route path="bookings" element={<BookingsPage />} />
      <Route path="availability" element={<AvailabilityPage />} />
      <Route path="payment-settings" element={<PaymentSettingsPage />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="whatsapp" element={<WhatsappPage />} />
      <Route path="business" element={<BusinessPage />} />
      <Route path="invoices" element={<InvoicesPage />} />
      <Route path="cancellation-policy" element={<CancellationPolicyPage />} />
      <Route path="guests" element={<GuestsPage />} />
      <Route path="calendar" element={<CalendarPage />} />
      <Route path="reviews" element={<ReviewsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
