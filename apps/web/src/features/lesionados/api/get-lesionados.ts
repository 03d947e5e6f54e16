import { useQuery } from '@tanstack/react-query';
import type { Lesionado } from '@siniestros/domain';
import { api } from '../../../lib/api';

export const lesionadosKey = (idCaso: number) => ['lesionados', idCaso] as const;

/** GET /lesionados/cl/{id}: the injured people of a case (spec §7). */
export const getLesionados = (idCaso: number) => api.get<Lesionado[]>(`/lesionados/cl/${idCaso}`);

export function useLesionados(idCaso: number) {
  return useQuery({ queryKey: lesionadosKey(idCaso), queryFn: () => getLesionados(idCaso), enabled: idCaso > 0 });
}
