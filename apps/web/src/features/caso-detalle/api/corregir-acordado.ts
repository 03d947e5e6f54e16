import { casoAvanzadoResponse, type CorregirAcordadoInput } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/** PATCH /casos/acordado/{id}: 'Corregir valor acordado', with its reason and the case version read (docs/decisions/074). */
export const corregirAcordado = (idCaso: number, input: CorregirAcordadoInput) => api.patch(casoAvanzadoResponse, `/casos/acordado/${idCaso}`, input);

export function useCorregirAcordado(idCaso: number) {
  return useCasoMutation(idCaso, (input: CorregirAcordadoInput) => corregirAcordado(idCaso, input));
}
