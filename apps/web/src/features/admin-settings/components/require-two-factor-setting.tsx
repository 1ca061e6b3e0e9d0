import type { SecuritySettings } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

// require_two_factor_for_staff (docs/decisions/0034): admins without two-factor sign-in may only enrol.
const securitySettingsKey = ['admin', 'security-settings'] as const;
const securitySettingsQuery = queryOptions({
  queryKey: securitySettingsKey,
  queryFn: ({ signal }) => api.security.settings(signal),
  staleTime: 0,
});

/** The switch "require two-factor sign-in of admins", saved as soon as it is flipped. */
export function RequireTwoFactorSetting() {
  const { t } = useTranslation(['security', 'common']);
  const queryClient = useQueryClient();
  const settings = useQuery(securitySettingsQuery);
  const save = useMutation({
    mutationFn: (body: SecuritySettings) => api.security.updateSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(securitySettingsKey, saved);
      toast.success(t('require.saved'));
    },
    onError: (error) => toast.error(errorMessage(t, error, 'require.failed')),
  });
  const checked = save.isPending ? (save.variables?.require_two_factor_for_staff ?? false) : (settings.data?.require_two_factor_for_staff ?? false);
  return (
    <Card className="flex flex-col gap-3 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden="true" className="size-5 text-brand-700" />
        {t('require.title')}
      </h2>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate({ require_two_factor_for_staff: event.target.checked })}
        />
        <span className="flex flex-col gap-1">
          <span className="font-medium">{t('require.label')}</span>
          <span className="text-stone-600">{t('require.hint')}</span>
        </span>
      </label>
      <Link to={paths.account} className="text-sm font-medium text-brand-700 hover:underline">
        {t('require.ownLink')}
      </Link>
    </Card>
  );
}
