import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PORTAL_MESSAGES, revisarItemResponse, revisarItemSchema, type RevisarItemInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /casos/{id}/portal/items/{idItem}: accept, or reject with the reason the claimant reads; the item's version goes along (409 when stale). */
export const revisarItem = (idCaso: number, idItem: number, input: RevisarItemInput) =>
  api.patch(revisarItemResponse, `/casos/${idCaso}/portal/items/${idItem}`, bodyOf(revisarItemSchema, input));

export type Revision = { idCaso: number; idItem: number } & RevisarItemInput;

/**
 * A review from the case or the Bandeja: afterwards the case's checklist, its history, the Bandeja
 * and the Tablero's figure are read again. The toasts live here, not in mutate()'s callbacks: the
 * reviewed row leaves the Bandeja (and its buttons the panel) when the lists are read again.
 */
export function useRevisarItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCaso, idItem, ...input }: Revision) => revisarItem(idCaso, idItem, input),
    onSuccess: (response, input) => {
      notifySuccess(response.message || (input.decision === 'aceptar' ? PORTAL_MESSAGES.itemAceptado : PORTAL_MESSAGES.itemRechazado));
      if (response.completa) notifySuccess(PORTAL_MESSAGES.documentacionCompleta);
    },
    onError: (error) => notifyApiError(error, PORTAL_MESSAGES.itemNoExiste),
    onSettled: (_data, _error, input) =>
      Promise.all(
        [queryKeys.portal.caso(input.idCaso), queryKeys.historial(input.idCaso), queryKeys.portal.recibidos, queryKeys.tablero].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
