import { casoEstadoResponse, type CerrarRequest, cerrarSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/** PATCH /casos/cerrar/t/{id} {id_estado, msg}: closes into one of the closing statuses 9-19. */
export const closeCaso = (idCaso: number, input: CerrarRequest) =>
  api.patch(casoEstadoResponse, `/casos/cerrar/t/${idCaso}`, bodyOf(cerrarSchema, input));

export function useCloseCaso(idCaso: number) {
  return useCasoMutation(idCaso, (input: CerrarRequest) => closeCaso(idCaso, input));
}
