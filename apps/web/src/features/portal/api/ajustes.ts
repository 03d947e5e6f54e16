import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTAL_MESSAGES, portalAjustesRow, portalAjustesSavedResponse, portalAjustesSchema, type PortalAjustes } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** GET /portal-admin/ajustes: the link's validity, the DNI check, the reminders and the electronic signature. */
export const getAjustesPortal = () => api.get(portalAjustesRow, '/portal-admin/ajustes');

export function useAjustesPortal() {
  return useQuery({ queryKey: queryKeys.portal.ajustes, queryFn: getAjustesPortal });
}

/** PATCH /portal-admin/ajustes (Admin). */
export function useGuardarAjustesPortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PortalAjustes) =>
      api.patch(portalAjustesSavedResponse, '/portal-admin/ajustes', bodyOf(portalAjustesSchema, input)),
    onSuccess: (saved) => notifySuccess(saved.message || PORTAL_MESSAGES.ajustesGuardados),
    onError: (error) => notifyApiError(error, 'Error al guardar los ajustes del portal'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.portal.ajustes }),
  });
}
