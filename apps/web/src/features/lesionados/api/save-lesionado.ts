import { lesionadoSavedResponse, lesionadoCreateSchema, lesionadoUpdateSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LesionadoInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /lesionados/{idCaso} creates; PATCH /lesionados/{id} updates (spec §7). */
export const createLesionado = (idCaso: number, input: LesionadoInput) =>
  api.post(lesionadoSavedResponse, `/lesionados/${idCaso}`, bodyOf(lesionadoCreateSchema, input));
/** `version`: the one the dialog read; another person's save meanwhile answers 409 (docs/decisions/074). */
export const updateLesionado = (id: number, version: number | undefined, input: LesionadoInput) =>
  api.patch(lesionadoSavedResponse, `/lesionados/${id}`, bodyOf(lesionadoUpdateSchema, { id, version, ...input }));

export function useSaveLesionado(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, input }: { id?: number; version?: number; input: LesionadoInput }) =>
      id ? updateLesionado(id, version, input) : createLesionado(idCaso, input),
    // The case detail colours '+ Lesionado' by whether any exist (spec §2); both writes add a history row.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.lesionados(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
      ]),
  });
}
