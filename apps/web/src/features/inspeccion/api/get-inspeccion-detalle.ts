import { inspeccionDetalleDataResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /inspeccion/d/{id}: what the inspector sees to close an inspection (spec §2, inspection close). */
export const getInspeccionDetalle = (id: number) =>
  api.get(inspeccionDetalleDataResponse, `/inspeccion/d/${id}`).then((result) => result.data);

export function useInspeccionDetalle(id: number) {
  return useQuery({
    queryKey: queryKeys.inspecciones.detalle(id),
    queryFn: () => getInspeccionDetalle(id),
    enabled: id > 0,
    meta: { errorMessage: 'Error al obtener la inspeccion' },
  });
}
