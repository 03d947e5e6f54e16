import { COMPROBANTE_PAGO, PAGO_MESSAGES, pagoSavedResponse, registrarPagoSchema, type RegistrarPagoRequest } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { uploadDocuments } from '../../documentacion';
import { usePagoMutation } from './use-pago-mutation';

/** PATCH /casos/{id}/pagos/{idPago}/pagado: the transfer date and the receipt, a document of the case. */
export const registrarPago = (idCaso: number, idPago: number, input: RegistrarPagoRequest) =>
  api.patch(pagoSavedResponse, `/casos/${idCaso}/pagos/${idPago}/pagado`, bodyOf(registrarPagoSchema, input));

export type RegistrarPagoInput = Omit<RegistrarPagoRequest, 'documento'> & { idPago: number; documento: string | null; archivo: File | null };

/** 'Registrar pago': a new receipt file is uploaded first, through the documents' own upload, as a 'Comprobante de pago'. */
export function useRegistrarPago(idCaso: number) {
  return usePagoMutation(
    idCaso,
    async ({ idPago, archivo, documento, ...input }: RegistrarPagoInput) => {
      const nombre = archivo ? (await uploadDocuments(idCaso, [{ file: archivo, tipo: COMPROBANTE_PAGO }])).files[0]! : documento!;
      return registrarPago(idCaso, idPago, { ...input, documento: nombre });
    },
    PAGO_MESSAGES.registrado,
  );
}
