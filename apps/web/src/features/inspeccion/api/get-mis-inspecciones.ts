import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, inspeccionesDelInspectorResponse } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /inspeccion/i/{id_inspect}: the signed-in inspector's inspections, paged (spec §2, my inspections). */
export const getMisInspecciones = (idInspect: number, page: number) =>
  api.get(inspeccionesDelInspectorResponse, `/inspeccion/i/${idInspect}${qs({ page, pageSize: PAGE_SIZE })}`);

export function useMisInspecciones(idInspect: number | null | undefined, page: number) {
  return useQuery({
    queryKey: queryKeys.inspecciones.mine(idInspect ?? 0, page),
    queryFn: () => getMisInspecciones(idInspect!, page),
    enabled: Boolean(idInspect),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Error al obtener las inspecciones' },
  });
}
