import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historialKey } from '../../historial/api/get-historial';
import { casoKey } from '../api/get-caso';

/** A write on the case: afterwards the detail and its history are read again. */
export function useCasoMutation<TInput, TOutput>(idCaso: number, mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: casoKey(idCaso) }),
        queryClient.invalidateQueries({ queryKey: historialKey(idCaso) }),
      ]),
  });
}
