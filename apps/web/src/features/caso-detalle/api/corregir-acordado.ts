import { casoAvanzadoResponse, type CorregirAcordadoInput, corregirAcordadoSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/** PATCH /casos/acordado/{id}: 'Corregir valor acordado', with its reason and the case version read (docs/decisions/074). */
export const corregirAcordado = (idCaso: number, input: CorregirAcordadoInput) =>
  api.patch(casoAvanzadoResponse, `/casos/acordado/${idCaso}`, bodyOf(corregirAcordadoSchema, input));

export function useCorregirAcordado(idCaso: number) {
  return useCasoMutation(idCaso, (input: CorregirAcordadoInput) => corregirAcordado(idCaso, input));
}
