import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { adminPaths } from '../paths';

/** The address of the admin account created on first start when ADMIN_EMAIL is not set (docs/design-notes.md#first-start). */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/** The account still has the e-mail a first start gives the admin by default. */
export function usesDefaultEmail(email: string | undefined): boolean {
  return email?.trim().toLowerCase() === DEFAULT_ADMIN_EMAIL;
}

/**
 * docs/behaviour.md §2 account settings: advice to change the default e-mail and password, for each of them that is still the
 * default one (the API says whether the password is: `default_password`).
 */
export function DefaultCredentialsNotice({ withLink = true }: { withLink?: boolean }) {
  const { t } = useAdminTranslation();
  const { user } = useSession();
  const defaultEmail = usesDefaultEmail(user?.email);
  const defaultPassword = user?.default_password === true;
  if (!defaultEmail && !defaultPassword) return null;
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
    >
      <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="flex flex-1 flex-col gap-0.5">
        <p className="font-semibold">{t('account.defaults.title')}</p>
        {defaultPassword ? <p className="text-sm">{t('account.defaults.password')}</p> : null}
        {defaultEmail ? <p className="text-sm">{t('account.defaults.email', { email: DEFAULT_ADMIN_EMAIL })}</p> : null}
      </div>
      {withLink ? (
        <Link to={adminPaths.account} className={buttonClasses('outline', 'sm')}>
          {t('account.defaults.action')}
        </Link>
      ) : null}
    </div>
  );
}
