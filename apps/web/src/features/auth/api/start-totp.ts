import { useMutation } from '@tanstack/react-query';
import type { TotpEnrolment } from '@siniestros/domain';
import { api } from '../../../lib/api';

/** A new secret for the signed-in user (docs/decisions/022); on only after the confirmation. */
export const startTotp = () => api.post<TotpEnrolment>('/users/totp', {});

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}
