import { useQuery } from '@tanstack/react-query';
import { tableroResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tablero: the day's figures (issue 18 item 1). Refreshed each minute while on screen. */
export function useTablero() {
  return useQuery({ queryKey: queryKeys.tablero, queryFn: () => api.get(tableroResponse, '/tablero'), refetchInterval: 60_000 });
}
