import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CASO_MESSAGES, PAGE_SIZE, casosFiltradosResponse, casoFiltroSchema } from '@siniestros/domain';
import { api, bodyOf, qs } from '../../../lib/api';
import type { CasoFiltroDraft } from './filtro-draft';
import { queryKeys } from '../../../lib/query-keys';

/** API contract POST /casos/filtro/: no match is a 200 with no cases and totalRows 0. */
/** `totalCapped`: more than COUNT_CAP cases match and `totalRows` stopped counting there (docs/decisions/003). */

export const filterCasos = (filtro: CasoFiltroDraft, page: number, pageSize = PAGE_SIZE) =>
  api.post(casosFiltradosResponse, `/casos/filtro/${qs({ page, pageSize })}`, bodyOf(casoFiltroSchema, filtro));

/** Pressing Filtrar again with the same filter asks the server again: the screen invalidates this key. */
export function useFilteredCasos(filtro: CasoFiltroDraft, page: number, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.casos.filter(filtro, page),
    queryFn: () => filterCasos(filtro, page),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { errorMessage: CASO_MESSAGES.loadError },
  });
}
