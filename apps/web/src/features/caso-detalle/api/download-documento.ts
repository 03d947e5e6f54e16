import { api, qs, saveBlob } from '../../../lib/api';

/** GET /documentacion/downloadfile/?id={caseId}&name={file}, saved under its stored name. */
export async function downloadDocumento(idCaso: number, name: string) {
  const blob = await api.getFile(`/documentacion/downloadfile/${qs({ id: idCaso, name })}`);
  saveBlob(blob, name);
}
