import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';
import type { LifecycleResponse } from './lifecycle-response';

/** PATCH /casos/avanza/{id}: 1→2, 2→3, 4→5, 5→6, 6→7, 7→8 (DECISIONS.md). */
export const advanceCaso = (idCaso: number) => api.patch<LifecycleResponse>(`/casos/avanza/${idCaso}`, {});

export function useAdvanceCaso(idCaso: number) {
  return useCasoMutation(idCaso, () => advanceCaso(idCaso));
}
