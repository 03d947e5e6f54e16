import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpCode } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { SESSION_KEY } from './get-session';

export const disableTotp = (body: TotpCode) => api.post<{ message: string }>('/users/totp/disable', body);

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTotp, onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_KEY }) });
}
