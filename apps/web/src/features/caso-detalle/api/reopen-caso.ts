import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';
import type { LifecycleResponse } from './lifecycle-response';

/** PATCH /casos/reabrir/{id}: back to the status the case was closed from (DECISIONS.md). */
export const reopenCaso = (idCaso: number) => api.patch<LifecycleResponse>(`/casos/reabrir/${idCaso}`, {});

export function useReopenCaso(idCaso: number) {
  return useCasoMutation(idCaso, () => reopenCaso(idCaso));
}
