import { totpEnrolmentResponse, reauthPasswordSchema } from '@siniestros/domain';
import { useMutation } from '@tanstack/react-query';
import type { ReauthPassword } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';

/** A new secret for the signed-in user, after their current password (docs/decisions/022, 028); on only after the confirmation. */
export const startTotp = (body: ReauthPassword) => api.post(totpEnrolmentResponse, '/users/totp', bodyOf(reauthPasswordSchema, body));

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}
