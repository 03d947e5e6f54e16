import { lesionadoListResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /lesionados/cl/{id}: the injured people of a case (spec §7). */
export const getLesionados = (idCaso: number) => api.get(lesionadoListResponse, `/lesionados/cl/${idCaso}`);

export function useLesionados(idCaso: number) {
  return useQuery({
    queryKey: queryKeys.lesionados(idCaso),
    queryFn: () => getLesionados(idCaso),
    enabled: idCaso > 0,
    meta: { errorMessage: 'Error al obtener los lesionados' },
  });
}
