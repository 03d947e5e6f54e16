import { messageResponse, asignarAnalistaSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const assignAnalista = (idCaso: number, idAnalista: number) =>
  api.patch(messageResponse, `/casos/caso_ana/${idCaso}`, bodyOf(asignarAnalistaSchema, { id_analista: idAnalista }));

export function useAssignAnalista() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCaso, idAnalista }: { idCaso: number; idAnalista: number }) => assignAnalista(idCaso, idAnalista),
    onSuccess: (_result, { idCaso }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.casos.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
      ]),
  });
}
