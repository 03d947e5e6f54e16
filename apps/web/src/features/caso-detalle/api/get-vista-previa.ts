import { api, qs } from '../../../lib/api';

/**
 * GET /documentacion/vista-previa?id={caseId}&name={file}: what the viewer shows — a PDF or a picture
 * as stored, an office document as PDF; 422 when there is none (decision 099).
 */
export function fetchVistaPrevia(idCaso: number, name: string): Promise<Blob> {
  return api.getFile(`/documentacion/vista-previa${qs({ id: idCaso, name })}`);
}
