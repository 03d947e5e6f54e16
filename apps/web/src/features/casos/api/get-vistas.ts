import { useQuery } from '@tanstack/react-query';
import { vistasResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /vistas: my saved views and the team's shared ones (docs/decisions/096). A failure leaves the menu empty. */
export const getVistas = () => api.get(vistasResponse, '/vistas');

export function useVistas() {
  return useQuery({ queryKey: queryKeys.vistas, queryFn: getVistas, retry: false, staleTime: 60_000 });
}
