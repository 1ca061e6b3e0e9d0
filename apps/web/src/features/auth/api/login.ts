import type { LoginBody } from '@roomweek/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const login = (body: LoginBody) => api.auth.login(body);

export const useLogin = () => useMutation({ mutationFn: login });
