import { useMutation } from '@tanstack/react-query';
import { CONVENIOS_ZIP_NAME } from '@siniestros/domain';
import { api, saveBlob } from '../../../lib/api';

/** POST /documentacion/c/{caseId} {convenioFile: [template names]}: a zip saved as archivos_convenios.zip. */
export async function downloadConvenios(idCaso: number, convenioFile: string[]) {
  const blob = await api.post<Blob>(`/documentacion/c/${idCaso}`, { convenioFile });
  saveBlob(blob, CONVENIOS_ZIP_NAME);
}

export function useDownloadConvenios(idCaso: number) {
  return useMutation({ mutationFn: (convenioFile: string[]) => downloadConvenios(idCaso, convenioFile) });
}
