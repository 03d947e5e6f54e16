import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A write's toasts, told whatever became of the component that called `mutate()`: TanStack Query
 * drops that call's own callbacks when the component is gone by the answer (a dialog that closed at
 * once, a panel the case read again no longer shows).
 */
export type CasoMutationOutcome<TInput, TOutput> = Pick<UseMutationOptions<TOutput, Error, TInput>, 'onSuccess' | 'onError'>;

/** A write on the case: afterwards the detail and its history are read again. */
export function useCasoMutation<TInput, TOutput>(
  idCaso: number,
  mutationFn: (input: TInput) => Promise<TOutput>,
  outcome: CasoMutationOutcome<TInput, TOutput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...outcome,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
      ]),
  });
}
