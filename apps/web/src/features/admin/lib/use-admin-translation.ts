import { useTranslation } from 'react-i18next';

const NAMESPACES = ['admin', 'common'];

/**
 * The admin screens' translator: keys are looked up in the `admin` namespace, then in `common` (shared words,
 * `errors.<code>` of the API). react-i18next only searches the first namespace unless `nsMode` is `fallback`.
 */
export function useAdminTranslation() {
  return useTranslation(NAMESPACES, { nsMode: 'fallback' });
}
