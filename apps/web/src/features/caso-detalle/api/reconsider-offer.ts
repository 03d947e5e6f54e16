import { casoEstadoResponse, type ReconsiderarRequest, reconsiderarSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/** PATCH /casos/reconsiderar/{id} {valor_ofertado, msg}: status 4 'Reconsiderar'. */
export const reconsiderOffer = (idCaso: number, input: ReconsiderarRequest) =>
  api.patch(casoEstadoResponse, `/casos/reconsiderar/${idCaso}`, bodyOf(reconsiderarSchema, input));

export function useReconsiderOffer(idCaso: number) {
  return useCasoMutation(idCaso, (input: ReconsiderarRequest) => reconsiderOffer(idCaso, input));
}
