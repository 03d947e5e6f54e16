import { casoEstadoResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

export type ReconsiderInput = { valor_ofertado: string; msg: string };

/** PATCH /casos/reconsiderar/{id} {valor_ofertado, msg}: status 4 'Reconsiderar'. */
export const reconsiderOffer = (idCaso: number, input: ReconsiderInput) =>
  api.patch(casoEstadoResponse, `/casos/reconsiderar/${idCaso}`, input);

export function useReconsiderOffer(idCaso: number) {
  return useCasoMutation(idCaso, (input: ReconsiderInput) => reconsiderOffer(idCaso, input));
}
