import { APROBACION_MESSAGES, aprobacionResueltaResponse, messageResponse, rechazarAprobacionSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** POST /aprobaciones/{id}/aprobar: the offer or reconsideration is applied as it was made. */
export const aprobar = (id: number) => api.post(aprobacionResueltaResponse, `/aprobaciones/${id}/aprobar`);

/** POST /aprobaciones/{id}/rechazar {motivo}: the case stays as it is. */
export const rechazar = (id: number, motivo: string) =>
  api.post(messageResponse, `/aprobaciones/${id}/rechazar`, bodyOf(rechazarAprobacionSchema, { motivo }));

type Resolucion = { id: number; idCaso: number } & ({ decision: 'aprobar' } | { decision: 'rechazar'; motivo: string });

/**
 * Approves or rejects; afterwards the case, its history and tasks, the lists and the bell are read again.
 * The toasts live here, not in the caller's mutate() callbacks: reading the case again removes the
 * notice that made the call, and TanStack Query drops the callbacks of an unmounted caller.
 */
export function useResolverAprobacion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Resolucion) => (input.decision === 'aprobar' ? aprobar(input.id) : rechazar(input.id, input.motivo)),
    onSuccess: (response) => notifySuccess(response.message),
    onError: (error) => notifyApiError(error, APROBACION_MESSAGES.notFound),
    onSettled: (_data, _error, input) =>
      Promise.all(
        [
          queryKeys.aprobaciones.all,
          queryKeys.caso(input.idCaso),
          queryKeys.historial(input.idCaso),
          queryKeys.tareas.all,
          queryKeys.notificaciones.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
