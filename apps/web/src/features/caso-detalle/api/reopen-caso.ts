import { casoEstadoResponse, transitionSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/**
 * PATCH /casos/reabrir/{id}: back to the status the case was closed from (decision 000).
 * `idEstado` is the status on screen: the server refuses (409) a case that moved on meanwhile.
 */
export const reopenCaso = (idCaso: number, idEstado: number) =>
  api.patch(casoEstadoResponse, `/casos/reabrir/${idCaso}`, bodyOf(transitionSchema, { id_estado: idEstado }));

export function useReopenCaso(idCaso: number) {
  return useCasoMutation(idCaso, (idEstado: number) => reopenCaso(idCaso, idEstado));
}
