import { messageResponse, usuarioListResponse, usuarioSavedResponse, type AdminReauth } from '@siniestros/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const getUsers = () => api.get(usuarioListResponse, '/users');
export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: getUsers });
}

export type UserPayload = Record<string, unknown>;
export const createUser = (body: UserPayload) => api.post(usuarioSavedResponse, '/users', body);
export const updateUser = (id: number, body: UserPayload) => api.patch(usuarioSavedResponse, `/users/${id}`, body);

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: UserPayload }) => (id ? updateUser(id, body) : createUser(body)),
    // A user made, renamed or deactivated may be an inspector: the inspector selects follow.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.users }), queryClient.invalidateQueries({ queryKey: queryKeys.lookups.inspectores })]),
  });
}


/** Lost phone: removes the user's second factor and ends their sessions, with the acting Admin's password or code (docs/decisions/022, 079). */
export const resetUserTotp = ({ id, body }: { id: number; body: AdminReauth }) => api.delete(messageResponse, `/users/${id}/totp`, body);
export function useResetUserTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetUserTotp, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }) });
}

export const revokeUserSessions = (id: number) => api.post(messageResponse, `/users/${id}/sessions/revoke`, {});
export function useRevokeUserSessions() {
  return useMutation({ mutationFn: revokeUserSessions });
}
