import { casoEstadoResponse, casoFullUpdateSchema } from '@siniestros/domain';
import type { CasoFullUpdateInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/** PATCH /casos/{id} {caso, asegurados, terceros}: one transaction (decision 000). */
export const updateCaso = (idCaso: number, body: CasoFullUpdateInput) =>
  api.patch(casoEstadoResponse, `/casos/${idCaso}`, bodyOf(casoFullUpdateSchema, body));

export function useUpdateCaso(idCaso: number) {
  return useCasoMutation(idCaso, (body: CasoFullUpdateInput) => updateCaso(idCaso, body));
}
