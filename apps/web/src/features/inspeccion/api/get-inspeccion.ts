import { useQuery } from '@tanstack/react-query';
import type { InspeccionDetalle } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /inspeccion/{id}: the staff's read-only view (spec §2, inspection view). */
export const getInspeccion = (id: number) => api.get<{ data: InspeccionDetalle }>(`/inspeccion/${id}`).then((result) => result.data);

export function useInspeccion(id: number) {
  return useQuery({ queryKey: queryKeys.inspecciones.view(id), queryFn: () => getInspeccion(id), enabled: id > 0 });
}
