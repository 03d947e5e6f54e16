import { messageResponse, deleteDocumentSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /documentacion/d/{id} {doc}: `doc` is the stored file name (decision 000). */
export const deleteDocumento = (idCaso: number, doc: string) =>
  api.post(messageResponse, `/documentacion/d/${idCaso}`, bodyOf(deleteDocumentSchema, { doc }));

export function useDeleteDocumento(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doc: string) => deleteDocumento(idCaso, doc),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.documentos(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
      ]),
  });
}
