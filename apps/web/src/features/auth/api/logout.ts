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
    mutationKey: queryKeys.logout,
    mutationFn: logout,
    onSuccess: async () => {
      // The session ends first, in place: the screens that read it leave before they render
      // again, so none asks the server once more with a session it has closed. Then memory
      // is emptied in this same tick, and the device's copy goes after.
      const usr = queryClient.getQueryData<Session | null>(queryKeys.session)?.usr;
      queryClient.setQueryData(queryKeys.session, null);
      await forgetSession(queryClient, usr);
    },
  });
}
