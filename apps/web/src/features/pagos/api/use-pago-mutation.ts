import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** A payment write: the case (its payments are under its key), its history and its documents are read again. */
export function usePagoMutation<TInput, TOutput>(idCaso: number, mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.documentos(idCaso) }),
      ]),
  });
}
