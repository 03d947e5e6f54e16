import { useQuery } from '@tanstack/react-query';
import { pagosTableroResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /pagos/tablero: the office's unpaid and overdue payment orders (docs/decisions/082); refreshed with the Tablero. */
export const getPagosTablero = () => api.get(pagosTableroResponse, '/pagos/tablero');

export function usePagosTablero() {
  return useQuery({ queryKey: [...queryKeys.tablero, 'pagos'], queryFn: getPagosTablero, refetchInterval: 60_000 });
}
