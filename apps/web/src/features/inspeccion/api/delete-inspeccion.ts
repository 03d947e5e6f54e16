import { INSPECCION_MESSAGES, messageResponse, inspeccionDeleteSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /inspeccion/{id} with body {id_caso} (decision 000). */
export const deleteInspeccion = (id: number, idCaso: number) =>
  api.delete(messageResponse, `/inspeccion/${id}`, bodyOf(inspeccionDeleteSchema, { id_caso: idCaso }));

/**
 * The toasts live here, not in the caller's mutate() callbacks: the inspections panel shows only
 * while the case waits for one, and a case that moved on meanwhile (the inspector closed it) is
 * read again without it; TanStack Query drops the callbacks of an unmounted caller.
 */
export function useDeleteInspeccion(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteInspeccion(id, idCaso),
    onSuccess: () => notifySuccess(INSPECCION_MESSAGES.deleted),
    onError: (error) => notifyApiError(error, 'Error al eliminar la inspeccion'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inspecciones.all }),
      ]),
  });
}
