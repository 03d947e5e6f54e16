import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { SESSION_KEY, type Session } from './get-session';

export const login = (input: LoginInput) => api.post<Session>('/users/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => queryClient.setQueryData(SESSION_KEY, session),
  });
}
