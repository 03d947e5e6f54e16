import { messageResponse, asignarAnalistaSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** `moverTareas`: the case's open tasks follow it to the new analyst's user (docs/decisions/083). */
export const assignAnalista = (idCaso: number, idAnalista: number, moverTareas?: boolean) =>
  api.patch(messageResponse, `/casos/caso_ana/${idCaso}`, bodyOf(asignarAnalistaSchema, { id_analista: idAnalista, mover_tareas: moverTareas }));

export function useAssignAnalista() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCaso, idAnalista, moverTareas }: { idCaso: number; idAnalista: number; moverTareas?: boolean }) => assignAnalista(idCaso, idAnalista, moverTareas),
    onSuccess: (_result, { idCaso }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.casos.all }),
        // The case has a new analyst and edit version: a detail read before would save as stale (docs/decisions/074).
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tareas.all }),
      ]),
  });
}
