import { casoEstadoResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

export type CloseInput = { id_estado: number; msg: string };

/** PATCH /casos/cerrar/t/{id} {id_estado, msg}: closes into one of the closing statuses 9-19. */
export const closeCaso = (idCaso: number, input: CloseInput) => api.patch(casoEstadoResponse, `/casos/cerrar/t/${idCaso}`, input);

export function useCloseCaso(idCaso: number) {
  return useCasoMutation(idCaso, (input: CloseInput) => closeCaso(idCaso, input));
}
