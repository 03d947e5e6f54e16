import { flagsResponse, flagToggleSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CasoDetalle } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /casos/flag/{id} {flag}: answers the 17 flags after the toggle. */
export const toggleFlag = (idCaso: number, flag: number) =>
  api.patch(flagsResponse, `/casos/flag/${idCaso}`, bodyOf(flagToggleSchema, { flag }));

export function useToggleFlag(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flag: number) => toggleFlag(idCaso, flag),
    onSuccess: (flags) => {
      // The answer already holds every flag: show it at once, then refresh the rest.
      queryClient.setQueryData<CasoDetalle>(queryKeys.caso(idCaso), (detalle) =>
        detalle ? { ...detalle, caso: { ...detalle.caso, ...flags } } : detalle,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) });
    },
  });
}
