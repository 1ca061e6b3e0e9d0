import type { BookingSettings } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';

// On-site bookings waiting for the owner (docs/decisions/0029-on-site-bookings-need-proof.md): the setting. The owner's
// answer on the bookings screen is features/admin-bookings/components/booking-approval.tsx.

const bookingSettingsKey = ['admin', 'booking-settings'] as const;
const bookingSettingsQuery = queryOptions({
  queryKey: bookingSettingsKey,
  queryFn: ({ signal }) => api.admin.bookingSettings(signal),
  staleTime: 0,
});

/** The switch "on-site bookings wait for my approval", saved as soon as it is flipped. */
export function OnSiteApprovalSetting() {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(bookingSettingsQuery);
  const save = useMutation({
    mutationFn: (body: BookingSettings) => api.admin.updateBookingSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingSettingsKey, saved);
      toast.success(t('approval.settingSaved'));
    },
    onError: (error) => toast.error(errorMessage(t, error, 'approval.settingFailed')),
  });
  const checked = save.isPending ? (save.variables?.on_site_requires_approval ?? false) : (settings.data?.on_site_requires_approval ?? false);
  return (
    <Card className="flex flex-col gap-3 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
        {t('approval.settingTitle')}
      </h2>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate({ on_site_requires_approval: event.target.checked })}
        />
        <span className="flex flex-col gap-1">
          <span className="font-medium">{t('approval.settingLabel')}</span>
          <span className="text-stone-600">{t('approval.settingHint')}</span>
        </span>
      </label>
      {settings.isError ? <p className="text-sm text-red-700">{t('approval.loadFailed')}</p> : null}
    </Card>
  );
}
