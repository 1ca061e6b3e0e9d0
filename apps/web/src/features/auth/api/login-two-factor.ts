import type { LoginTwoFactorBody } from '@roomweek/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The second step of a sign-in with two-factor sign-in on (docs/decisions/0034). */
export const useLoginTwoFactor = () => useMutation({ mutationFn: (body: LoginTwoFactorBody) => api.security.loginTwoFactor(body) });
