import { loginResponse, loginSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const login = (input: LoginInput) => api.post(loginResponse, '/users/login', bodyOf(loginSchema, input));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => queryClient.setQueryData(queryKeys.session, session),
  });
}
