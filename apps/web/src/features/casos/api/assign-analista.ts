import { messageResponse, asignarAnalistaSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

type Asignacion = {
  idCaso: number;
  idAnalista: number;
  /** The analyst the dialog showed (null: none): another person's assignment meanwhile answers 409 (docs/decisions/074). */
  visto: number | null;
  /** The case's open tasks follow it to the new analyst's user (docs/decisions/083). */
  moverTareas?: boolean;
};

export const assignAnalista = ({ idCaso, idAnalista, visto, moverTareas }: Asignacion) =>
  api.patch(
    messageResponse,
    `/casos/caso_ana/${idCaso}`,
    bodyOf(asignarAnalistaSchema, { id_analista: idAnalista, id_analista_visto: visto, mover_tareas: moverTareas }),
  );

export function useAssignAnalista() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAnalista,
    // Refused too: the list then shows the analyst someone else assigned.
    onSettled: (_result, _error, { idCaso }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.casos.all }),
        // The case has a new analyst and edit version: a detail read before would save as stale (docs/decisions/074).
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tareas.all }),
      ]),
  });
}
