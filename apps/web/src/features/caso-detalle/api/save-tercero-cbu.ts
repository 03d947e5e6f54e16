import { CASO_MESSAGES, casoEstadoResponse, tercerosUpdateSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError } from '../../../lib/notify';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/**
 * A CBU typed in 'Seleccionar Convenios' kept on the third party through the third party's own edit
 * (PATCH /terceros/t/{id_caso}, only `cbu`, with the version read: docs/decisions/074 and 082).
 */
export const saveTerceroCbu = (idCaso: number, tercero: { id: number; version: number }, cbu: string) =>
  api.patch(casoEstadoResponse, `/terceros/t/${idCaso}`, bodyOf(tercerosUpdateSchema, [{ id: tercero.id, cbu, version: tercero.version }]));

/** A refusal is told from here: the dialog that sends the CBU closes at once, before the answer. */
export function useSaveTerceroCbu(idCaso: number) {
  return useCasoMutation(
    idCaso,
    ({ tercero, cbu }: { tercero: { id: number; version: number }; cbu: string }) => saveTerceroCbu(idCaso, tercero, cbu),
    { onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError) },
  );
}
