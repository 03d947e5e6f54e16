import { messageResponse, unlockRequestSchema, unlockConfirmSchema } from '@siniestros/domain';
import { useMutation } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';

/** docs/decisions/079: an unlock link by e-mail for a username with many failed sign-ins. */
export const requestUnlock = (username: string) =>
  api.post(messageResponse, '/users/desbloqueo', bodyOf(unlockRequestSchema, { username }));
export function useRequestUnlock() {
  return useMutation({ mutationFn: requestUnlock });
}

/** The link's token: the username's failures are forgotten. */
export const confirmUnlock = (token: string) =>
  api.post(messageResponse, '/users/desbloqueo/confirmar', bodyOf(unlockConfirmSchema, { token }));
export function useConfirmUnlock() {
  return useMutation({ mutationFn: confirmUnlock });
}
