import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, casosFiltradosResponse } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import type { CasoFiltroDraft } from './filtro-draft';
import { queryKeys } from '../../../lib/query-keys';

/** API contract POST /casos/filtro/: no match is a 200 with no cases and totalRows 0. */
/** `totalCapped`: more than COUNT_CAP cases match and `totalRows` stopped counting there (docs/decisions/003). */

export const filterCasos = (filtro: CasoFiltroDraft, page: number, pageSize = PAGE_SIZE) =>
  api.post(casosFiltradosResponse, `/casos/filtro/${qs({ page, pageSize })}`, filtro);

/** `run` changes on every Filtrar press, so pressing it again asks the server again. */
export function useFilteredCasos(filtro: CasoFiltroDraft, page: number, run: number, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.casos.filter(filtro, page, run),
    queryFn: () => filterCasos(filtro, page),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
