import { useMutation } from '@tanstack/react-query';
import { CONVENIOS_ZIP_NAME, type ConvenioDatoAdicional } from '@siniestros/domain';
import { api, saveBlob } from '../../../lib/api';

export type ConveniosRequest = { convenioFile: string[]; id_tercero?: number; cbu: string } & Partial<Record<ConvenioDatoAdicional, string>>;

/** POST /documentacion/c/{caseId} {convenioFile: [template names], id_tercero}: a zip saved as archivos_convenios.zip. */
export async function downloadConvenios(idCaso: number, request: ConveniosRequest) {
  const blob = await api.postFile(`/documentacion/c/${idCaso}`, request);
  saveBlob(blob, CONVENIOS_ZIP_NAME);
}

export function useDownloadConvenios(idCaso: number) {
  return useMutation({ mutationFn: (request: ConveniosRequest) => downloadConvenios(idCaso, request) });
}
