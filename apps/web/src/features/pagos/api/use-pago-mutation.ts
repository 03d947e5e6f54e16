import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGO_MESSAGES } from '@siniestros/domain';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A payment write: the case (its payments are under its key), its history and its documents are read again.
 * Its toasts (the server's message or `fallback`; a failure's message) are told here, not in the
 * dialog's mutate() callbacks, which TanStack Query drops when the dialog is gone by the answer: the
 * payments panel shows only from 'A Finalizar' on and while its payments read well, so the re-read of
 * a case another person moved meanwhile takes the panel and its dialog away.
 */
export function usePagoMutation<TInput, TOutput extends { message: string }>(
  idCaso: number,
  mutationFn: (input: TInput) => Promise<TOutput>,
  fallback: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (response) => notifySuccess(response.message || fallback),
    onError: (error) => notifyApiError(error, PAGO_MESSAGES.loadError),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.documentos(idCaso) }),
      ]),
  });
}
