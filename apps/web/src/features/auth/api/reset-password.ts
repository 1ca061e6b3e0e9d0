import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = ({ token, newPassword }: { token: string; newPassword: string }) =>
  api.auth.resetPassword(token, newPassword);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
