import { letradoSavedResponse, type LetradoRequest, letradoCreateSchema, letradoUpdateSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/** POST /letrados {id_caso, ...}: the case has no lawyer yet. */
export const createLetrado = (idCaso: number, input: LetradoRequest) =>
  api.post(letradoSavedResponse, '/letrados', bodyOf(letradoCreateSchema, { id_caso: idCaso, ...input }));

/** PATCH /letrados/{id}: updates the case's lawyer. */
export const updateLetrado = (idLetrado: number, input: LetradoRequest) =>
  api.patch(letradoSavedResponse, `/letrados/${idLetrado}`, bodyOf(letradoUpdateSchema, input));

export function useSaveLetrado(idCaso: number, idLetrado: number | undefined) {
  return useCasoMutation(idCaso, (input: LetradoRequest) => (idLetrado ? updateLetrado(idLetrado, input) : createLetrado(idCaso, input)));
}
