import { audienciaSavedResponse, audienciaCreateSchema, audienciaUpdateSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AudienciaInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /mediacion/{idCaso} creates; PATCH /mediacion/{id} updates (spec §7). */
export const createAudiencia = (idCaso: number, input: AudienciaInput) =>
  api.post(audienciaSavedResponse, `/mediacion/${idCaso}`, bodyOf(audienciaCreateSchema, { idCaso, ...input }));
/** `version`: the one the dialog read; another person's save meanwhile answers 409 (docs/decisions/074). */
export const updateAudiencia = (id: number, idCaso: number, version: number | undefined, input: AudienciaInput) =>
  api.patch(audienciaSavedResponse, `/mediacion/${id}`, bodyOf(audienciaUpdateSchema, { id, idCaso, version, ...input }));

export function useSaveAudiencia(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, input }: { id?: number; version?: number; input: AudienciaInput }) =>
      id ? updateAudiencia(id, idCaso, version, input) : createAudiencia(idCaso, input),
    // The case detail colours '+ Audiencia' by whether any exist (spec §2).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.audiencias.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
      ]),
  });
}
