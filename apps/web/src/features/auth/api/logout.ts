import { messageResponse } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { forgetSession } from '../../../lib/device/inspector-data';
import { queryKeys } from '../../../lib/query-keys';
import type { Session } from '../../../lib/session';

export const logout = () => api.post(messageResponse, '/users/logout');

/** Once the server ends the session, the user's data leaves memory and the device (docs/decisions/088). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Memory is emptied and the session ended in this same tick (no screen asks again in
      // between, with a session the server has closed); the device's copy goes after.
      const forgotten = forgetSession(queryClient, queryClient.getQueryData<Session | null>(queryKeys.session)?.usr);
      queryClient.setQueryData(queryKeys.session, null);
      await forgotten;
    },
  });
}
