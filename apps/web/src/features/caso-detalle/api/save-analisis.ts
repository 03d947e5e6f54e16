import { casoEstadoResponse, type AnalisisRequest, analisisSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/** PATCH /casos/analisis/{id}: the status-3 analysis and offer, which moves the case to 4 (spec §4). */
export const saveAnalisis = (idCaso: number, input: AnalisisRequest) =>
  api.patch(casoEstadoResponse, `/casos/analisis/${idCaso}`, bodyOf(analisisSchema, input));

export function useSaveAnalisis(idCaso: number) {
  return useCasoMutation(idCaso, (input: AnalisisRequest) => saveAnalisis(idCaso, input));
}
