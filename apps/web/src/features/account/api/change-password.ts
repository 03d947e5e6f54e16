import { messageResponse, passwordChangeSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChange } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /users/password: the signed-in user's own change, with the current one (docs/decisions/028). */
const passwordChange = passwordChangeSchema();
export const changePassword = (body: PasswordChange) => api.post(messageResponse, '/users/password', bodyOf(passwordChange, body));

/** The other sessions end with it: the list changes. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}
