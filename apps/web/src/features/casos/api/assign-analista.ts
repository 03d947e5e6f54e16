import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { historialKey } from '../../historial/api/get-historial';
import { casosKeys } from './casos-keys';

export const assignAnalista = (idCaso: number, idAnalista: number) =>
  api.patch<{ message: string }>(`/casos/caso_ana/${idCaso}`, { id_analista: idAnalista });

export function useAssignAnalista() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCaso, idAnalista }: { idCaso: number; idAnalista: number }) => assignAnalista(idCaso, idAnalista),
    onSuccess: (_result, { idCaso }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: casosKeys.all }),
        queryClient.invalidateQueries({ queryKey: historialKey(idCaso) }),
      ]),
  });
}
