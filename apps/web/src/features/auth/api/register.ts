import type { RegisterBody } from '@roomweek/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const register = (body: RegisterBody) => api.auth.register(body);

export const useRegister = () => useMutation({ mutationFn: register });
