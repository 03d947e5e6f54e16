import { api, qs, saveBlob } from '../../../lib/api';

/** GET /documentacion/downloadfile/?id={caseId}&name={file}: the document's bytes (what the viewer shows). */
export function fetchDocumento(idCaso: number, name: string): Promise<Blob> {
  return api.getFile(`/documentacion/downloadfile/${qs({ id: idCaso, name })}`);
}

/** The document saved under its stored name. */
export async function downloadDocumento(idCaso: number, name: string) {
  saveBlob(await fetchDocumento(idCaso, name), name);
}
