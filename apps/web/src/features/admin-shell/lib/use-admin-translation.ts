import { useTranslation } from '@/lib/i18n';

const NAMESPACES = ['admin', 'common'];

/**
 * The admin screens' translator: keys are looked up in the `admin` namespace, then in `common` (shared words,
 * `errors.<code>` of the API).
 */
export function useAdminTranslation() {
  return useTranslation(NAMESPACES);
}
