import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CASO_MESSAGES, PAGE_SIZE, casosListResponse, type CasosList } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The lookups for the filters and the counters, which only the unfiltered list returns. */
export type CasosSummary = Omit<CasosList, 'cases' | 'totalPages'>;

export const getCasos = (page: number, pageSize = PAGE_SIZE) => api.get(casosListResponse, `/casos/${qs({ page, pageSize })}`);

export function useCasosList(page: number, isEnabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.casos.list(page),
    queryFn: async () => {
      const response = await getCasos(page);
      const { cases: _cases, totalPages: _totalPages, ...summary } = response;
      queryClient.setQueryData<CasosSummary>(queryKeys.casos.summary, summary);
      return response;
    },
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: CASO_MESSAGES.loadError },
  });
}

/**
 * Filled by every unfiltered load, so the filters and counters survive the filtered mode.
 * `isEnabled` while the unfiltered list is not loaded (a list opened with a filter in its URL):
 * without a summary yet it asks for page 1 of one case, whose answer carries the counters and
 * the selects' options (POST /casos/filtro carries neither).
 */
export function useCasosSummary(isEnabled: boolean) {
  return useQuery<CasosSummary>({
    queryKey: queryKeys.casos.summary,
    queryFn: async () => {
      const { cases: _cases, totalPages: _totalPages, ...summary } = await getCasos(1, 1);
      return summary;
    },
    enabled: isEnabled,
    staleTime: Infinity,
  });
}
