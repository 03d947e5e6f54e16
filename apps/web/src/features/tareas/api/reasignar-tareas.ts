import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masivoResponse, masivoTareasSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /tareas/masivo/asignar: the ticked tasks to one person (docs/decisions/097). */
export function useReasignarTareas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, idUsuario }: { ids: number[]; idUsuario: number }) =>
      api.post(masivoResponse, '/tareas/masivo/asignar', bodyOf(masivoTareasSchema, { ids, id_usuario: idUsuario })),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.tareas.all }), queryClient.invalidateQueries({ queryKey: ['historial'] })]),
  });
}
