import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /auth/verify-email: proves the account's e-mail with its link (docs/decisions/0029); a signed-in user is read again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.auth.verifyEmail(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** POST /auth/verify-email/resend: a new link to the signed-in account's address. */
export const useResendVerification = () => useMutation({ mutationFn: () => api.auth.resendVerification() });
