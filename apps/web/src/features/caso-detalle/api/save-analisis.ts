import { casoEstadoResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

export type AnalisisInput = { id_responsabilidad: string; valor_ofertado: string; analisis: string };

/** PATCH /casos/analisis/{id}: the status-3 analysis and offer, which moves the case to 4 (spec §4). */
export const saveAnalisis = (idCaso: number, input: AnalisisInput) => api.patch(casoEstadoResponse, `/casos/analisis/${idCaso}`, input);

export function useSaveAnalisis(idCaso: number) {
  return useCasoMutation(idCaso, (input: AnalisisInput) => saveAnalisis(idCaso, input));
}
