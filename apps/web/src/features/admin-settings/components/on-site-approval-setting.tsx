import { ShieldCheck } from 'lucide-react';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { errorMessage } from '@/lib/error-message';
import { SwitchSetting } from './switch-setting';

// On-site bookings waiting for the owner (docs/decisions/0029-on-site-bookings-need-proof.md): the setting. The owner's
// answer on the bookings screen is features/admin-bookings/components/booking-approval.tsx.
const source = {
  queryKey: ['admin', 'booking-settings'],
  read: (signal: AbortSignal) => adminApi.bookingSettings(signal),
  write: adminApi.updateBookingSettings,
  name: 'on_site_requires_approval',
} as const;

/** The switch "on-site bookings wait for my approval". */
export function OnSiteApprovalSetting() {
  const { t } = useAdminTranslation();
  return (
    <SwitchSetting
      source={source}
      icon={ShieldCheck}
      texts={{
        title: t('approval.settingTitle'),
        label: t('approval.settingLabel'),
        hint: t('approval.settingHint'),
        saved: t('approval.settingSaved'),
        failed: (error) => errorMessage(t, error, 'approval.settingFailed'),
        loadFailed: t('approval.loadFailed'),
      }}
    />
  );
}
