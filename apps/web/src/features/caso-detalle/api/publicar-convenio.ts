import { CASO_MESSAGES, convenioPublicadoResponse, convenioSchema, PORTAL_CONVENIO_MESSAGES, type ConvenioBody } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useCasoMutation } from '../hooks/use-caso-mutation';

/**
 * POST /casos/{id}/portal/convenio (issue 42 item 7): the chosen convenios, generated for the third
 * party, published to their portal (as PDF where the server can convert them). The answer carries a
 * new link only when the third party had no live one.
 */
export const publicarConvenio = (idCaso: number, request: ConvenioBody) =>
  api.post(convenioPublicadoResponse, `/casos/${idCaso}/portal/convenio`, bodyOf(convenioSchema, request));

/** Afterwards the case's portal panel (under the case's key) and its history are read again. */
export function usePublicarConvenio(idCaso: number) {
  return useCasoMutation(idCaso, (request: ConvenioBody) => publicarConvenio(idCaso, request), {
    onSuccess: (response) => notifySuccess(response.message || PORTAL_CONVENIO_MESSAGES.publicado),
    onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
  });
}
