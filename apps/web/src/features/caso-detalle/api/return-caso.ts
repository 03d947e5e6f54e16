import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';
import type { LifecycleResponse } from './lifecycle-response';

/** PATCH /casos/return/{id}: 'Retroceder Caso', 3 → 2 when the case has no inspection. */
export const returnCaso = (idCaso: number) => api.patch<LifecycleResponse>(`/casos/return/${idCaso}`, {});

export function useReturnCaso(idCaso: number) {
  return useCasoMutation(idCaso, () => returnCaso(idCaso));
}
