import { useMutation } from '@tanstack/react-query';
import { CONVENIOS_ZIP_NAME, type ConvenioBody, convenioSchema } from '@siniestros/domain';
import { api, bodyOf, saveBlob } from '../../../lib/api';

/** POST /documentacion/c/{caseId} {convenioFile: [template names], id_tercero}: a zip saved as archivos_convenios.zip. */
export async function downloadConvenios(idCaso: number, request: ConvenioBody) {
  const blob = await api.postFile(`/documentacion/c/${idCaso}`, bodyOf(convenioSchema, request));
  saveBlob(blob, CONVENIOS_ZIP_NAME);
}

export function useDownloadConvenios(idCaso: number) {
  return useMutation({ mutationFn: (request: ConvenioBody) => downloadConvenios(idCaso, request) });
}
