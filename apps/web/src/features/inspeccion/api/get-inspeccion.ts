import { inspeccionDetalleDataResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /inspeccion/{id}: the staff's read-only view (spec §2, inspection view). */
export const getInspeccion = (id: number) => api.get(inspeccionDetalleDataResponse, `/inspeccion/${id}`).then((result) => result.data);

export function useInspeccion(id: number) {
  return useQuery({
    queryKey: queryKeys.inspecciones.view(id),
    queryFn: () => getInspeccion(id),
    enabled: id > 0,
    meta: { errorMessage: 'Error al obtener la inspeccion' },
  });
}
