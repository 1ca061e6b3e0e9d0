import type { TwoFactorDisableBody } from '@roomweek/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Two-factor sign-in and signed-in devices (docs/decisions/0034). */
const sessionsKey = ['auth', 'sessions'] as const;

export const useTwoFactorSetup = () => useMutation({ mutationFn: () => api.security.setup() });

/** Turning 2FA on or off changes the signed-in user (`two_factor_enabled`). */
function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

export function useTwoFactorEnable() {
  const refresh = useRefreshMe();
  return useMutation({ mutationFn: (code: string) => api.security.enable(code), onSuccess: refresh });
}

export function useTwoFactorDisable() {
  const refresh = useRefreshMe();
  return useMutation({ mutationFn: (body: TwoFactorDisableBody) => api.security.disable(body), onSuccess: refresh });
}

export const useSessions = () => useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => api.security.sessions(signal) });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.security.endSession(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.security.endOtherSessions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
