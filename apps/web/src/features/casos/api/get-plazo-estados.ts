import { plazoEstadosResponse, plazoEstadosBody } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /plazos/estados: which of the listed cases have a legal clock por vencer or vencido (docs/decisions/044). */
export function usePlazoEstados(ids: number[]) {
  return useQuery({
    queryKey: queryKeys.plazos.estados(ids),
    queryFn: () => api.post(plazoEstadosResponse, '/plazos/estados', bodyOf(plazoEstadosBody, { ids })),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
