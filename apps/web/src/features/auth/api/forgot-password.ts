import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Asks for a reset e-mail; outside production the answer also carries the token (shown as a direct link). */
export const forgotPassword = (email: string) => api.auth.forgotPassword(email);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
