import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type Inspeccion,
  type InspeccionFiltro,
  inspeccionesFiltradasResponse,
  inspeccionesPageResponse,
  inspeccionFiltroSchema,
} from '@siniestros/domain';
import { api, bodyOf, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const EMPTY_INSPECCION_FILTRO: InspeccionFiltro = {
  nroInspeccion: '',
  nroCaso: '',
  estado: '',
  inspector: '',
  producto: '',
  fechaDesde: '',
  fechaHasta: '',
};

export type InspeccionesList = { rows: Inspeccion[]; totalPages: number; totalCount: number };

/**
 * Unfiltered: GET /inspeccion/all/ → {inspecciones, totalPages, totalCount};
 * filtered: POST /inspeccion/filtro/ → {data, totalPage, totalCount} (spec §7).
 */
export async function getInspecciones(page: number, filtro: InspeccionFiltro | null): Promise<InspeccionesList> {
  const paging = qs({ page, pageSize: PAGE_SIZE });
  if (!filtro) {
    const result = await api.get(inspeccionesPageResponse, `/inspeccion/all/${paging}`);
    return { rows: result.inspecciones, totalPages: result.totalPages, totalCount: result.totalCount };
  }
  const result = await api.post(inspeccionesFiltradasResponse, `/inspeccion/filtro/${paging}`, bodyOf(inspeccionFiltroSchema, filtro));
  return { rows: result.data, totalPages: result.totalPage, totalCount: result.totalCount };
}

export function useInspecciones(page: number, filtro: InspeccionFiltro | null) {
  return useQuery({
    queryKey: queryKeys.inspecciones.list(page, filtro),
    queryFn: () => getInspecciones(page, filtro),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Error al obtener las inspecciones' },
  });
}
