import { historialSavedResponse, historialEntrySchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const createHistorial = (idCaso: number, msg: string) =>
  api.post(historialSavedResponse, '/historial', bodyOf(historialEntrySchema, { id_caso: idCaso, msg }));

export function useCreateHistorial(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (msg: string) => createHistorial(idCaso, msg),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
  });
}
