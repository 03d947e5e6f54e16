import { useQuery } from '@tanstack/react-query';
import type { CasoDetalle } from '@siniestros/domain';
import { api } from '../../../lib/api';

export const casoKey = (idCaso: number) => ['caso', idCaso] as const;

/** GET /casos/{id} (decision 000, case detail object). */
export const getCaso = (idCaso: number) => api.get<CasoDetalle>(`/casos/${idCaso}`);

export function useCaso(idCaso: number) {
  return useQuery({ queryKey: casoKey(idCaso), queryFn: () => getCaso(idCaso) });
}
