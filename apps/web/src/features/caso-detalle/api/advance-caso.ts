import { casoAvanzadoResponse, advanceSchema } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/**
 * PATCH /casos/avanza/{id}: 1→2, 2→3, 4→5, 5→6, 6→7, 7→8 (decision 000).
 * `idEstado` is the status on screen: the server refuses (409) a case that moved on meanwhile.
 */
export const advanceCaso = (idCaso: number, idEstado: number, valorAcordado?: string, motivoPagoPendiente?: string) =>
  api.patch(
    casoAvanzadoResponse,
    `/casos/avanza/${idCaso}`,
    bodyOf(advanceSchema, {
      id_estado: idEstado,
      ...(valorAcordado === undefined ? {} : { valor_acordado: valorAcordado }),
      ...(motivoPagoPendiente === undefined ? {} : { motivo_pago_pendiente: motivoPagoPendiente }),
    }),
  );

/**
 * `valorAcordado`: only at 'Acepta Ofreciemiento' (from 4), the agreed amount. `motivoPagoPendiente`:
 * only an Admin's 'Finalizar Caso' with the agreed amount unpaid (docs/decisions/082).
 */
export function useAdvanceCaso(idCaso: number) {
  return useCasoMutation(
    idCaso,
    ({ idEstado, valorAcordado, motivoPagoPendiente }: { idEstado: number; valorAcordado?: string; motivoPagoPendiente?: string }) =>
      advanceCaso(idCaso, idEstado, valorAcordado, motivoPagoPendiente),
  );
}
