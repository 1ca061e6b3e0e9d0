import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { SwitchSetting } from './switch-setting';

// require_two_factor_for_staff (docs/decisions/0034): admins without two-factor sign-in may only enrol.
const source = {
  queryKey: ['admin', 'security-settings'],
  read: (signal: AbortSignal) => adminApi.security.settings(signal),
  write: adminApi.security.updateSettings,
  name: 'require_two_factor_for_staff',
} as const;

/** The switch "require two-factor sign-in of admins", with a link to the admin's own. */
export function RequireTwoFactorSetting() {
  const { t } = useTranslation(['security', 'common']);
  return (
    <SwitchSetting
      source={source}
      icon={KeyRound}
      texts={{
        title: t('require.title'),
        label: t('require.label'),
        hint: t('require.hint'),
        saved: t('require.saved'),
        failed: (error) => errorMessage(t, error, 'require.failed'),
      }}
    >
      <Link to={paths.account} className="text-sm font-medium text-brand-700 hover:underline">
        {t('require.ownLink')}
      </Link>
    </SwitchSetting>
  );
}
