import { messageResponse, inspeccionDeleteSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /inspeccion/{id} with body {id_caso} (decision 000). */
export const deleteInspeccion = (id: number, idCaso: number) =>
  api.delete(messageResponse, `/inspeccion/${id}`, bodyOf(inspeccionDeleteSchema, { id_caso: idCaso }));

export function useDeleteInspeccion(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteInspeccion(id, idCaso),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inspecciones.all }),
      ]),
  });
}
