import { messageResponse } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /users/sessions/{id}: ends one of the signed-in user's sessions (this one too). */
export const revokeSession = (id: string) => api.delete(messageResponse, `/users/sessions/${id}`);

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; isCurrent: boolean }) => revokeSession(id),
    onSuccess: (_result, { isCurrent }) => {
      if (!isCurrent) return queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions });
      // Ending this session signs out, like 'Cerrar Sesión'.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}
