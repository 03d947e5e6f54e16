import { useQuery } from '@tanstack/react-query';
import type { CasoDetalle } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /casos/{id} (decision 000, case detail object). */
export const getCaso = (idCaso: number) => api.get<CasoDetalle>(`/casos/${idCaso}`);

export function useCaso(idCaso: number) {
  return useQuery({ queryKey: queryKeys.caso(idCaso), queryFn: () => getCaso(idCaso) });
}
