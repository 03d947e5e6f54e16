import { api, saveBlob } from '../../../lib/api';

/** GET /casos/{id}/portal/convenio/{idArchivo}: a file published to the portal, saved under its published name. */
export async function downloadConvenioPublicado(idCaso: number, archivo: { id: number; nombre: string }) {
  const blob = await api.getFile(`/casos/${idCaso}/portal/convenio/${archivo.id}`);
  saveBlob(blob, archivo.nombre);
}
