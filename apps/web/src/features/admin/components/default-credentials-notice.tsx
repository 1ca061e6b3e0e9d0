import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { adminPaths } from '../paths';

/** The address of the admin account created on first start when ADMIN_EMAIL is not set (DESIGN §5). */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * SPEC §2 account settings: advice to change the default e-mail and password. The API does not say whether the
 * password is still the default one, so the advice shows while the account keeps the default e-mail — which the
 * first start always pairs with the default password.
 */
export function usesDefaultCredentials(email: string | undefined): boolean {
  return email?.trim().toLowerCase() === DEFAULT_ADMIN_EMAIL;
}

export function DefaultCredentialsNotice({ withLink = true }: { withLink?: boolean }) {
  const { t } = useAdminTranslation();
  const { user } = useSession();
  if (!usesDefaultCredentials(user?.email)) return null;
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
    >
      <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="flex flex-1 flex-col gap-0.5">
        <p className="font-semibold">{t('account.defaults.title')}</p>
        <p className="text-sm">{t('account.defaults.text', { email: DEFAULT_ADMIN_EMAIL })}</p>
      </div>
      {withLink ? (
        <Link to={adminPaths.account} className={buttonClasses('outline', 'sm')}>
          {t('account.defaults.action')}
        </Link>
      ) : null}
    </div>
  );
}
