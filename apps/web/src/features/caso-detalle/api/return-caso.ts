import { casoEstadoResponse, transitionSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/**
 * PATCH /casos/return/{id}: 'Retroceder Caso', 3 → 2 when the case has no inspection.
 * `idEstado` is the status on screen: the server refuses (409) a case that moved on meanwhile.
 */
export const returnCaso = (idCaso: number, idEstado: number) =>
  api.patch(casoEstadoResponse, `/casos/return/${idCaso}`, bodyOf(transitionSchema, { id_estado: idEstado }));

export function useReturnCaso(idCaso: number) {
  return useCasoMutation(idCaso, (idEstado: number) => returnCaso(idCaso, idEstado));
}
