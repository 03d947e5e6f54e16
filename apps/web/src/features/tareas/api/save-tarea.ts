import { tareaSavedResponse, tareaCreateSchema, tareaAsignarSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tarea, TareaInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

type Saved = Tarea & { message: string };

/** Every task list and the case's history: a task's change shows in both. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (saved?: Saved) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tareas.all }),
      saved ? queryClient.invalidateQueries({ queryKey: queryKeys.historial(saved.id_caso) }) : undefined,
    ]);
}

/** POST /tareas/caso/{id}. */
export function useCreateTarea(idCaso: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TareaInput) => api.post(tareaSavedResponse, `/tareas/caso/${idCaso}`, bodyOf(tareaCreateSchema, input)),
    onSettled: (saved) => refresh(saved),
  });
}

/** PATCH /tareas/{id}/hecha. */
export function useCompleteTarea() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.patch(tareaSavedResponse, `/tareas/${id}/hecha`, {}),
    onSettled: (saved) => refresh(saved),
  });
}

/** PATCH /tareas/{id}/asignar. */
export function useReassignTarea() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, idUsuario }: { id: number; idUsuario: number }) =>
      api.patch(tareaSavedResponse, `/tareas/${id}/asignar`, bodyOf(tareaAsignarSchema, { id_usuario: idUsuario })),
    onSettled: (saved) => refresh(saved),
  });
}
