import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTAL_MESSAGES, portalMensajesResponse, portalRespuestaResponse, portalRespuestaSchema } from '@siniestros/domain';
import type { z } from 'zod';
import { api, bodyOf, qs } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** GET /casos/{id}/portal/mensajes?id_tercero=: the third party's portal messages, oldest first. */
export const getMensajes = (idCaso: number, idTercero: number) =>
  api.get(portalMensajesResponse, `/casos/${idCaso}/portal/mensajes${qs({ id_tercero: idTercero })}`);

export function useMensajes(idCaso: number, idTercero: number) {
  return useQuery({ queryKey: queryKeys.portal.mensajes(idCaso, idTercero), queryFn: () => getMensajes(idCaso, idTercero) });
}

type RespuestaEmail = z.infer<typeof portalRespuestaResponse>['email'];

/** Why the "tiene un mensaje nuevo" notice did not go by e-mail, when it did not. */
export const AVISO_NO_ENVIADO: Record<RespuestaEmail, string | null> = {
  enviado: null,
  sin_correo: 'El tercero no tiene correo electrónico: no se le avisó del mensaje.',
  sin_smtp: 'El correo no está configurado: no se le avisó del mensaje.',
  error: 'No se pudo enviar el aviso por correo.',
  sin_enlace: 'El tercero no tiene un enlace vigente: verá el mensaje cuando se le pida documentación de nuevo.',
};

/** POST /casos/{id}/portal/mensajes: the office's reply, in the portal and the case's history. */
export function useResponder(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof portalRespuestaSchema>) =>
      api.post(portalRespuestaResponse, `/casos/${idCaso}/portal/mensajes`, bodyOf(portalRespuestaSchema, input)),
    onSuccess: (response) => notifySuccess(response.message || PORTAL_MESSAGES.respuestaEnviada),
    onError: (error) => notifyApiError(error, PORTAL_MESSAGES.terceroNoEsDelCaso),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.portal.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
      ]),
  });
}
