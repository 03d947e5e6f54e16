import { messageResponse, totpDisableSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpDisable } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';

/** Off with a current code, or the current password (not for an Admin: docs/decisions/028). */
export const disableTotp = (body: TotpDisable) => api.post(messageResponse, '/users/totp/disable', bodyOf(totpDisableSchema, body));

/** The user's other sessions end with it: the session and 'Mi cuenta' refetch. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTotp, onSuccess: () => queryClient.invalidateQueries() });
}
