import { letradoSavedResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

export type LetradoInput = { apellido: string; nombre: string; cel: string; fijo: string; mail: string; cuit: string; cbu: string };

/** POST /letrados {id_caso, ...}: the case has no lawyer yet. */
export const createLetrado = (idCaso: number, input: LetradoInput) =>
  api.post(letradoSavedResponse, '/letrados', { id_caso: idCaso, ...input });

/** PATCH /letrados/{id}: updates the case's lawyer. */
export const updateLetrado = (idLetrado: number, input: LetradoInput) => api.patch(letradoSavedResponse, `/letrados/${idLetrado}`, input);

export function useSaveLetrado(idCaso: number, idLetrado: number | undefined) {
  return useCasoMutation(idCaso, (input: LetradoInput) => (idLetrado ? updateLetrado(idLetrado, input) : createLetrado(idCaso, input)));
}
