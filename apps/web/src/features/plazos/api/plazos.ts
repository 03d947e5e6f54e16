import { casoPlazosResponse, plazoReglaSavedResponse, plazoReglasResponse, plazoUpdateSchema } from '@siniestros/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlazoUpdateInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The legal clocks' query keys: rules and every case's clocks sit under ['plazos']. */
/** GET /plazos/caso/{id}: the case's running clocks with days left. */
export function useCasoPlazos(idCaso: number) {
  return useQuery({ queryKey: queryKeys.plazos.caso(idCaso), queryFn: () => api.get(casoPlazosResponse, `/plazos/caso/${idCaso}`) });
}

/** GET /plazos: the rules. */
export function usePlazoReglas() {
  return useQuery({ queryKey: queryKeys.plazos.reglas, queryFn: () => api.get(plazoReglasResponse, '/plazos') });
}

/** PATCH /plazos/{codigo} (Admin): a rule changes every clock that follows it. */
export function useUpdatePlazoRegla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ codigo, input }: { codigo: string; input: PlazoUpdateInput }) =>
      api.patch(plazoReglaSavedResponse, `/plazos/${codigo}`, bodyOf(plazoUpdateSchema, input)),
    // The rules, every case's clocks and the list's markers all sit under ['plazos'].
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.plazos.all }),
  });
}
