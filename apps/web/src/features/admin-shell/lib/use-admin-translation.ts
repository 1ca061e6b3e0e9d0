import { useTranslation } from '@/lib/i18n';

const NAMESPACES = ['admin', 'bookings', 'common'];

/**
 * The admin screens' translator: keys are looked up in the `admin` namespace, then in `bookings` (a booking's words,
 * shared with the guest's screens), then in `common` (shared words); the API's `errors.<code>` come last.
 */
export function useAdminTranslation() {
  return useTranslation(NAMESPACES);
}
