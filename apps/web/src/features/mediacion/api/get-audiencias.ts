import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type Audiencia,
  type AudienciaAgenda,
  type AudienciaFiltro,
  audienciasFiltradasResponse,
  audienciasPageResponse,
  audienciaFiltroSchema,
} from '@siniestros/domain';
import { api, bodyOf, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const EMPTY_AUDIENCIA_FILTRO: AudienciaFiltro = { audienciaNro: '', compania: '', fechaDesde: '', fechaHasta: '' };

export type AudienciasList = { rows: Audiencia[]; totalPages: number; total: number };

/**
 * Unfiltered: GET /mediacion/ → {data, totalPages, total};
 * filtered: POST /mediacion/filter/ → {data, totalPage, total} (spec §7); `cuando`: one half of the agenda.
 */
export async function getAudiencias(page: number, filtro: AudienciaFiltro | null, cuando: AudienciaAgenda): Promise<AudienciasList> {
  const paging = qs({ page, pageSize: PAGE_SIZE, cuando });
  if (!filtro) {
    const result = await api.get(audienciasPageResponse, `/mediacion/${paging}`);
    return { rows: result.data, totalPages: result.totalPages, total: result.total };
  }
  const result = await api.post(audienciasFiltradasResponse, `/mediacion/filter/${paging}`, bodyOf(audienciaFiltroSchema, filtro));
  return { rows: result.data, totalPages: result.totalPage, total: result.total };
}

export function useAudiencias(page: number, filtro: AudienciaFiltro | null, cuando: AudienciaAgenda) {
  return useQuery({
    queryKey: queryKeys.audiencias.list(page, filtro, cuando),
    queryFn: () => getAudiencias(page, filtro, cuando),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Error al obtener las audiencias' },
  });
}
