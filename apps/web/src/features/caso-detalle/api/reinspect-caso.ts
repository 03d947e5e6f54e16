import { casoEstadoResponse, transitionSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/**
 * PATCH /casos/reinspeccionar/{id}: status 3-7 back to 2 (decision 000).
 * `idEstado` is the status on screen: the server refuses (409) a case that moved on meanwhile.
 */
export const reinspectCaso = (idCaso: number, idEstado: number) =>
  api.patch(casoEstadoResponse, `/casos/reinspeccionar/${idCaso}`, bodyOf(transitionSchema, { id_estado: idEstado }));

export function useReinspectCaso(idCaso: number) {
  return useCasoMutation(idCaso, (idEstado: number) => reinspectCaso(idCaso, idEstado));
}
