import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Finds accounts by name or part of an e-mail; answers names with masked e-mails only. */
export const recoverEmail = (hint: string) => api.auth.recoverEmail(hint);

export const useRecoverEmail = () => useMutation({ mutationFn: recoverEmail });
