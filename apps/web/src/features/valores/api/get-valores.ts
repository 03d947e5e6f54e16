import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CASO_MESSAGES,
  PAGE_SIZE,
  type ValoresFiltro,
  type ValoresPage,
  valoresPageResponse,
  valoresFiltroSchema,
} from '@siniestros/domain';
import { api, bodyOf, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const EMPTY_VALORES_FILTRO: ValoresFiltro = { compania: '', fechaDesde: '', fechaHasta: '' };

/** Unfiltered: GET /casos/valores/; filtered: POST /casos/filtrovalores/; both → {casos, totalPages, totalCount} (spec §7). */
export function getValores(page: number, filtro: ValoresFiltro | null): Promise<ValoresPage> {
  const paging = qs({ page, pageSize: PAGE_SIZE });
  return filtro
    ? api.post(valoresPageResponse, `/casos/filtrovalores/${paging}`, bodyOf(valoresFiltroSchema, filtro))
    : api.get(valoresPageResponse, `/casos/valores/${paging}`);
}

export function useValores(page: number, filtro: ValoresFiltro | null) {
  return useQuery({
    queryKey: queryKeys.valores(page, filtro),
    queryFn: () => getValores(page, filtro),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CASO_MESSAGES.loadError },
  });
}
