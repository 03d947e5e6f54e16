import { ordenarPagoSchema, PAGO_MESSAGES, pagoSavedResponse, type OrdenarPagoRequest } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { usePagoMutation } from './use-pago-mutation';

/** POST /casos/{id}/pagos: 'Ordenar pago'. */
export const ordenarPago = (idCaso: number, input: OrdenarPagoRequest) => api.post(pagoSavedResponse, `/casos/${idCaso}/pagos`, bodyOf(ordenarPagoSchema, input));

export function useOrdenarPago(idCaso: number) {
  return usePagoMutation(idCaso, (input: OrdenarPagoRequest) => ordenarPago(idCaso, input), PAGO_MESSAGES.ordenado);
}
