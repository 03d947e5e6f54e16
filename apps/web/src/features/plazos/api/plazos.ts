import { casoPlazosResponse, plazoReglaSavedResponse, plazoReglasResponse } from '@siniestros/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlazoUpdateInput } from '@siniestros/domain';
import { api } from '../../../lib/api';

/** The legal clocks' query keys: rules and every case's clocks sit under ['plazos']. */
export const plazosKeys = {
  all: ['plazos'] as const,
  reglas: ['plazos', 'reglas'] as const,
  caso: (idCaso: number) => ['plazos', 'caso', idCaso] as const,
};

/** GET /plazos/caso/{id}: the case's running clocks with days left. */
export function useCasoPlazos(idCaso: number) {
  return useQuery({ queryKey: plazosKeys.caso(idCaso), queryFn: () => api.get(casoPlazosResponse, `/plazos/caso/${idCaso}`) });
}

/** GET /plazos: the rules. */
export function usePlazoReglas() {
  return useQuery({ queryKey: plazosKeys.reglas, queryFn: () => api.get(plazoReglasResponse, '/plazos') });
}

/** PATCH /plazos/{codigo} (Admin): a rule changes every clock that follows it. */
export function useUpdatePlazoRegla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ codigo, input }: { codigo: string; input: PlazoUpdateInput }) =>
      api.patch(plazoReglaSavedResponse, `/plazos/${codigo}`, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plazosKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['plazo-estados'] }),
      ]),
  });
}
