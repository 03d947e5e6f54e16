import { anularPagoSchema, PAGO_MESSAGES, pagoSavedResponse, type AnularPagoRequest } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { usePagoMutation } from './use-pago-mutation';

/** PATCH /casos/{id}/pagos/{idPago}/anular, with the reason. */
export const anularPago = (idCaso: number, idPago: number, input: AnularPagoRequest) =>
  api.patch(pagoSavedResponse, `/casos/${idCaso}/pagos/${idPago}/anular`, bodyOf(anularPagoSchema, input));

export function useAnularPago(idCaso: number) {
  return usePagoMutation(
    idCaso,
    ({ idPago, ...input }: AnularPagoRequest & { idPago: number }) => anularPago(idCaso, idPago, input),
    PAGO_MESSAGES.anulado,
  );
}
