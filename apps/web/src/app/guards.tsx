import { isStaffRole } from '@roomweek/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { returnPath, type ReturnToState } from '@/lib/return-to';
import { useSession } from '@/lib/session';

/**
 * Logged-in only (docs/behaviour.md §2): a guest goes to /login, and comes back here after logging in. A user who
 * has just logged out goes home (the logout's own destination), even if this page is still shown while home loads.
 */
export function RequireAuth() {
  const { status, loggedOut, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous' && loggedOut) return <Navigate to={paths.home} replace />;
  if (status === 'anonymous') {
    const state: ReturnToState = { from: location };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (user?.two_factor_enrolment_required && location.pathname !== paths.account) return <Navigate to={paths.account} replace />;
  return <Outlet />;
}

/** Logged-out only: login, register and recovery pages send a logged-in user on (to / by default). */
export function RequireGuest() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated') return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}

/**
 * Admins and staff only: anyone else, logged in or not, goes to / (docs/behaviour.md §6); each screen then asks the
 * permission table (admin-app.tsx).
 */
export function RequireAdmin() {
  const { status, user } = useSession();
  if (status === 'loading') return <PageSpinner />;
  if (!isStaffRole(user?.role)) return <Navigate to={paths.home} replace />;
  // The owner requires two-factor sign-in of admins: enrol first, on the account page (docs/decisions/0034).
  if (user.two_factor_enrolment_required) return <Navigate to={paths.account} replace />;
  return <Outlet />;
}
