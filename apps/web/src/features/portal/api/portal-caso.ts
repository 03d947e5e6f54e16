import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponse,
  pedidoResponse,
  pedirDocumentacionSchema,
  portalDelCasoResponse,
  PORTAL_MESSAGES,
  type PedirDocumentacionInput,
} from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** GET /casos/{id}/portal: per third party, its checklist and its live link (never the token). */
export const getPortalDelCaso = (idCaso: number) => api.get(portalDelCasoResponse, `/casos/${idCaso}/portal`);

export function usePortalDelCaso(idCaso: number) {
  return useQuery({ queryKey: queryKeys.portal.caso(idCaso), queryFn: () => getPortalDelCaso(idCaso) });
}

/** After a request or a revocation: the checklists and the case's history. */
function usePortalCasoInvalidation(idCaso: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.portal.caso(idCaso) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
    ]);
}

/**
 * POST /casos/{id}/portal/pedidos: a new link for the third party (its old one revoked) and the
 * items asked. The answer carries the link, shown once by the dialog: the server keeps only its hash.
 */
export const pedirDocumentacion = (idCaso: number, input: PedirDocumentacionInput) =>
  api.post(pedidoResponse, `/casos/${idCaso}/portal/pedidos`, bodyOf(pedirDocumentacionSchema, input));

export function usePedirDocumentacion(idCaso: number) {
  const invalidate = usePortalCasoInvalidation(idCaso);
  return useMutation({
    mutationFn: (input: PedirDocumentacionInput) => pedirDocumentacion(idCaso, input),
    onSuccess: (response) => notifySuccess(response.message || PORTAL_MESSAGES.pedidoEnviado),
    onError: (error) => notifyApiError(error, PORTAL_MESSAGES.terceroNoEsDelCaso),
    onSettled: invalidate,
  });
}

/** DELETE /casos/{id}/portal/enlaces/{idTercero}: the link stops working and its sessions end. */
export const revocarEnlace = (idCaso: number, idTercero: number) =>
  api.delete(messageResponse, `/casos/${idCaso}/portal/enlaces/${idTercero}`);

/** Its toasts live here: the link's line (and its button) leaves the panel once the answer is read again. */
export function useRevocarEnlace(idCaso: number) {
  const invalidate = usePortalCasoInvalidation(idCaso);
  return useMutation({
    mutationFn: (idTercero: number) => revocarEnlace(idCaso, idTercero),
    onSuccess: (response) => notifySuccess(response.message || PORTAL_MESSAGES.enlaceRevocado),
    onError: (error) => notifyApiError(error, PORTAL_MESSAGES.terceroNoEsDelCaso),
    onSettled: invalidate,
  });
}
