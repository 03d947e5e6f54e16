import {
  messageResponse,
  usuarioListResponse,
  usuarioSavedResponse,
  type AdminReauth,
  userCreateSchema,
  userUpdateSchema,
  adminReauthSchema,
} from '@siniestros/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const getUsers = () => api.get(usuarioListResponse, '/users');
export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: getUsers });
}

/** The user dialog's bodies: the input of the create and the update schema. */
export type UserCreateBody = z.input<typeof userCreateSchema>;
export type UserUpdateBody = z.input<typeof userUpdateSchema>;
export type UserSave = { id: number; body: UserUpdateBody } | { id?: undefined; body: UserCreateBody };
export const createUser = (body: UserCreateBody) => api.post(usuarioSavedResponse, '/users', bodyOf(userCreateSchema, body));
export const updateUser = (id: number, body: UserUpdateBody) =>
  api.patch(usuarioSavedResponse, `/users/${id}`, bodyOf(userUpdateSchema, body));

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: UserSave) => (save.id === undefined ? createUser(save.body) : updateUser(save.id, save.body)),
    // A user made, renamed or deactivated may be an inspector or an analyst: their selects follow.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lookups.inspectores }),
        // A user may have become an analyst, a new one or another (docs/decisions/083).
        queryClient.invalidateQueries({ queryKey: queryKeys.reference('analistas') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lookups.analistas }),
      ]),
  });
}

/** Lost phone: removes the user's second factor and ends their sessions, with the acting Admin's password or code (docs/decisions/022, 079). */
export const resetUserTotp = ({ id, body }: { id: number; body: AdminReauth }) =>
  api.delete(messageResponse, `/users/${id}/totp`, bodyOf(adminReauthSchema, body));
export function useResetUserTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetUserTotp, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }) });
}

export const revokeUserSessions = (id: number) => api.post(messageResponse, `/users/${id}/sessions/revoke`, {});
export function useRevokeUserSessions() {
  return useMutation({ mutationFn: revokeUserSessions });
}
