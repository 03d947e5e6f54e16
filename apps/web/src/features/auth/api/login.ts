import { loginResponse, loginSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const login = (input: LoginInput) => api.post(loginResponse, '/users/login', bodyOf(loginSchema, input));

/** `antesDeEntrar`: awaited before the session is known (the screens switch on it): the user's colour scheme (docs/decisions/101). */
export function useLogin(antesDeEntrar?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (session) => {
      await antesDeEntrar?.();
      queryClient.setQueryData(queryKeys.session, session);
    },
  });
}
