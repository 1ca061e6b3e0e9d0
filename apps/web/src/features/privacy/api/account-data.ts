import type { DeleteAccountBody } from '@roomweek/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /auth/me/export, saved by the browser under the name the server gives it. */
export const useDownloadMyData = () =>
  useMutation({
    mutationFn: async () => saveFile(await api.auth.exportData()),
  });

/** DELETE /auth/me: the account is anonymised and every session of it ends (the caller then forgets its own). */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountBody) => api.auth.deleteAccount(body),
  });
