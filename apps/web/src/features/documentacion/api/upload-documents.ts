import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENTACION_MESSAGES, documentosSubidosResponse } from '@siniestros/domain';
import { api, ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

export type TypedFile = { file: File; tipo: string };

/** API contract: for each file a `tipo` text part immediately BEFORE its `uploadFiles` part. */
export function uploadDocuments(idCaso: number, files: readonly TypedFile[]) {
  const form = new FormData();
  for (const { file, tipo } of files) {
    form.append('tipo', tipo);
    form.append('uploadFiles', file);
  }
  return api.post(documentosSubidosResponse, `/documentacion/t/${idCaso}`, form);
}

/** Spec §8: an upload failure reads 'Hay uno o mas archivos mas grande de lo permitido' unless the server says why. */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 413 || !error.message) return DOCUMENTACION_MESSAGES.tooLarge;
  return error.message;
}

/** Uploads with the spec's toasts; the case's document list and history refresh. */
export function useUploadDocuments(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly TypedFile[]) => uploadDocuments(idCaso, files),
    onSuccess: () => notifySuccess(DOCUMENTACION_MESSAGES.uploaded),
    onError: (error) => notifyError(uploadErrorMessage(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.documentos(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.historial(idCaso) }),
      ]),
  });
}
