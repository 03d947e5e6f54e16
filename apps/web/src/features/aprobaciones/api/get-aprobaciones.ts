import { aprobacionDelCasoResponse, aprobacionesPageResponse, type AprobacionEstado } from '@siniestros/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /aprobaciones: one state's requests the signed-in user sees (pending: oldest first). */
export const getAprobaciones = (estado: AprobacionEstado, page: number) =>
  api.get(aprobacionesPageResponse, `/aprobaciones${qs({ estado, page, pageSize: 20 })}`);

export function useAprobaciones(estado: AprobacionEstado, page: number) {
  return useQuery({
    queryKey: queryKeys.aprobaciones.page(estado, page),
    queryFn: () => getAprobaciones(estado, page),
    placeholderData: keepPreviousData,
  });
}

/** GET /aprobaciones/caso/{id}: the case's pending request and the signed-in user's offer limit. */
export const getAprobacionDelCaso = (idCaso: number) => api.get(aprobacionDelCasoResponse, `/aprobaciones/caso/${idCaso}`);

export function useAprobacionDelCaso(idCaso: number) {
  return useQuery({ queryKey: queryKeys.aprobaciones.caso(idCaso), queryFn: () => getAprobacionDelCaso(idCaso) });
}
