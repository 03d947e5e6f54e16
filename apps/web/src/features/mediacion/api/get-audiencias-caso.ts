import { audienciaListResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /mediacion/cl/{id}: the hearings of a case (spec §7). */
export const getAudienciasCaso = (idCaso: number) => api.get(audienciaListResponse, `/mediacion/cl/${idCaso}`);

export function useAudienciasCaso(idCaso: number) {
  return useQuery({
    queryKey: queryKeys.audiencias.caso(idCaso),
    queryFn: () => getAudienciasCaso(idCaso),
    enabled: idCaso > 0,
    meta: { errorMessage: 'Error al obtener las audiencias' },
  });
}
