import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';
import type { LifecycleResponse } from './lifecycle-response';

/** PATCH /casos/reinspeccionar/{id}: status 3-7 back to 2 (DECISIONS.md). */
export const reinspectCaso = (idCaso: number) => api.patch<LifecycleResponse>(`/casos/reinspeccionar/${idCaso}`, {});

export function useReinspectCaso(idCaso: number) {
  return useCasoMutation(idCaso, () => reinspectCaso(idCaso));
}
