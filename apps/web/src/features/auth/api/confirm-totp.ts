import { messageResponse, totpCodeSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpCode } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';

export const confirmTotp = (body: TotpCode) => api.post(messageResponse, '/users/totp/confirm', bodyOf(totpCodeSchema, body));

/** Once confirmed, everything refetches: an Admin held back by ADMIN_REQUIRE_TOTP is let through. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmTotp, onSuccess: () => queryClient.invalidateQueries() });
}
