import { historialListResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const getHistorial = (idCaso: number) => api.get(historialListResponse, `/historial/${idCaso}`);

export function useHistorial(idCaso: number, isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.historial(idCaso),
    queryFn: async () => {
      try {
        return await getHistorial(idCaso);
      } catch (error) {
        // Spec §8: a failed history fetch is only logged.
        console.error('historial', error);
        return [];
      }
    },
    enabled: isEnabled,
    staleTime: 0,
  });
}
