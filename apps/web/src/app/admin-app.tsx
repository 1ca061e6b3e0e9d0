import { may, type Action } from '@roomweek/contract';
import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/status-view';
import { useSession } from '@/lib/session';
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
const UsersPage = lazy(() => import('@/features/admin-team/routes/users-page'));
const AuditPage = lazy(() => import('@/features/admin-team/routes/audit-page'));
const CheckInsPage = lazy(() => import('@/features/admin-bookings/routes/check-ins-page'));
// The reports bring the chart library: only this screen (and the dashboard's lazy occupancy card) loads it.
const ReportsPage = lazy(() => import('@/features/admin-reports/routes/reports-page'));

/** A screen the signed-in role may use (the contract's permission table, docs/decisions/0039); else not found. */
function Allowed({ action, children }: { action: Action; children: ReactNode }) {
  const { user } = useSession();
  return may(user?.role, action) ? children : <NotFoundPage />;
}

/**
 * The admin area (docs/behaviour.md §2), mounted at /admin/* behind the admins-and-staff guard (each screen behind its
 * action of the permission table) and loaded lazily by the app's
 * router. Its screens are nested routes relative to /admin; the root layout's Suspense covers their loading.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="properties" element={<Allowed action="properties.write"><PropertiesPage /></Allowed>} />
      <Route path="rooms" element={<Allowed action="rooms.write"><RoomsPage /></Allowed>} />
      <Route path="bookings" element={<Allowed action="bookings.read"><BookingsPage /></Allowed>} />
      <Route path="availability" element={<Allowed action="availability.read"><AvailabilityPage /></Allowed>} />
      <Route path="payment-settings" element={<Allowed action="payments.settings"><PaymentSettingsPage /></Allowed>} />
      <Route path="account" element={<Allowed action="security.settings"><AccountPage /></Allowed>} />
      <Route path="whatsapp" element={<Allowed action="settings.write"><WhatsappPage /></Allowed>} />
      <Route path="business" element={<Allowed action="settings.write"><BusinessPage /></Allowed>} />
      <Route path="invoices" element={<Allowed action="invoices.read"><InvoicesPage /></Allowed>} />
      <Route path="reports" element={<Allowed action="reports.read"><ReportsPage /></Allowed>} />
      <Route path="cancellation-policy" element={<Allowed action="settings.write"><CancellationPolicyPage /></Allowed>} />
      <Route path="check-ins" element={<Allowed action="check_ins.read"><CheckInsPage /></Allowed>} />
      <Route path="guests" element={<Allowed action="guests.read"><GuestsPage /></Allowed>} />
      <Route path="calendar" element={<Allowed action="timeline.read"><CalendarPage /></Allowed>} />
      <Route path="reviews" element={<Allowed action="reviews.manage"><ReviewsPage /></Allowed>} />
      <Route path="users" element={<Allowed action="users.manage"><UsersPage /></Allowed>} />
      <Route path="audit" element={<Allowed action="audit.read"><AuditPage /></Allowed>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
