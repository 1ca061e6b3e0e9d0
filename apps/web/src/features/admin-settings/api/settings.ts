import type { BusinessSettings, ChangePasswordBody, PaymentSettingsUpdate, ProfileBody } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin-shell/api/admin-queries';
import { api } from '@/lib/api-client';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

export const paymentSettingsQuery = queryOptions({
  queryKey: adminKeys.paymentSettings,
  queryFn: ({ signal }) => adminApi.paymentSettings(signal),
  staleTime: 0,
});

export const whatsappSettingsQuery = queryOptions({
  queryKey: adminKeys.whatsappSettings,
  queryFn: ({ signal }) => adminApi.whatsappSettings(signal),
  staleTime: 0,
});

export const businessSettingsQuery = queryOptions({
  queryKey: adminKeys.business,
  queryFn: ({ signal }) => adminApi.business(signal),
  staleTime: 0,
});

export const usePaymentSettings = () => useQuery(paymentSettingsQuery);
export const useBusinessSettings = () => useQuery(businessSettingsQuery);

/** PUT /admin/business; the footer and the privacy notice read the business from the public config. */
export const useUpdateBusiness = () => useSettingSave((body: BusinessSettings) => adminApi.updateBusiness(body), adminKeys.business, queryKeys.config);
export const useWhatsappSettings = () => useQuery(whatsappSettingsQuery);

/** PUT /payment-settings: only filled fields are sent; the public config (enabled methods) changes too. */
export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PaymentSettingsUpdate) => adminApi.updatePaymentSettings(update),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.paymentSettings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.config }),
      ]),
  });
}

/** PUT /admin/whatsapp-settings; the contact page reads the number from the public config. */
export const useUpdateWhatsappSettings = () =>
  useSettingSave((whatsappNumber: string) => adminApi.updateWhatsappSettings(whatsappNumber), adminKeys.whatsappSettings, queryKeys.config);

/** A setting's save: its answer becomes the setting's read (`key`), and the reads that show it elsewhere (`shownBy`) are asked again. */
export function useSettingSave<Body, Saved>(save: (body: Body) => Promise<Saved>, key: QueryKey, shownBy: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      return queryClient.invalidateQueries({ queryKey: shownBy });
    },
  });
}

/** PUT /auth/profile answers a new user and token, which replace the session (docs/behaviour.md §4). */
export function useUpdateProfile() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.auth.updateProfile(body),
    onSuccess: (auth) => signIn(auth),
  });
}

/** A password change ends every older token (decision 0006): the answer's token replaces the session's. */
export function useChangePassword() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.auth.changePassword(body),
    onSuccess: (auth) => signIn(auth),
  });
}
