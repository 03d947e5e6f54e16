import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificacionLeidaResponse,
  notificacionPreferenciasSavedResponse,
  type NotificacionPreferenciasInput,
  notificacionPreferenciasSchema,
} from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** The bell and the page read the same items: a change refreshes both. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.notificaciones.all });
}

/**
 * PATCH /notificaciones/{id}/leida. A failure is told from here, not from the caller's mutate()
 * callbacks, which TanStack Query drops once the caller is gone: the page's row that asked can leave
 * its list when the lists are read again, and 'Ver caso' leaves the page at once.
 */
export function useMarcarLeida() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.patch(notificacionLeidaResponse, `/notificaciones/${id}/leida`, {}),
    onError: (error) => notifyApiError(error, 'Error al marcar la notificación'),
    onSettled: refresh,
  });
}

/** PATCH /notificaciones/leidas. */
export function useMarcarTodas() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.patch(notificacionLeidaResponse, '/notificaciones/leidas', {}),
    onSettled: refresh,
  });
}

/** PATCH /notificaciones/preferencias. */
export function useGuardarPreferencias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificacionPreferenciasInput) =>
      api.patch(notificacionPreferenciasSavedResponse, '/notificaciones/preferencias', bodyOf(notificacionPreferenciasSchema, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificaciones.preferencias }),
  });
}
