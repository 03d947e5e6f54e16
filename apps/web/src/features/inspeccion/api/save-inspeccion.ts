import { inspeccionSavedResponse, messageResponse, inspeccionSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InspeccionInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /inspeccion/{id_caso} schedules; PATCH /inspeccion/edit/{id} edits (spec §7). */
export const createInspeccion = (idCaso: number, input: InspeccionInput) =>
  api.post(inspeccionSavedResponse, `/inspeccion/${idCaso}`, bodyOf(inspeccionSchema, input));
/** `input.version`: the one the dialog read; another person's save meanwhile answers 409 (docs/decisions/074). */
export const updateInspeccion = (id: number, input: InspeccionInput) =>
  api.patch(messageResponse, `/inspeccion/edit/${id}`, bodyOf(inspeccionSchema, input));

export function useSaveInspeccion(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: InspeccionInput }) =>
      id ? updateInspeccion(id, input) : createInspeccion(idCaso, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inspecciones.all }),
      ]),
  });
}
