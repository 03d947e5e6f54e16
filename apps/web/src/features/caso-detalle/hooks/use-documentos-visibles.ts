import { useCallback, useMemo } from 'react';
import { DOCUMENTACION_MESSAGES } from '@siniestros/domain';
import type { DocumentoVisible } from '../../../components/VisorDocumento';
import { notifyApiError } from '../../../lib/notify';
import { downloadDocumento } from '../api/download-documento';
import { fetchVistaPrevia } from '../api/get-vista-previa';

/** The case's documents as the viewer takes them: shown through the preview route, downloaded as stored. */
export function useDocumentosVisibles(idCaso: number, nombres: readonly string[]) {
  const descargar = useCallback(
    (nombre: string) => void downloadDocumento(idCaso, nombre).catch((error) => notifyApiError(error, DOCUMENTACION_MESSAGES.loadError)),
    [idCaso],
  );
  const visibles = useMemo(
    () =>
      nombres.map((nombre): DocumentoVisible => ({
        nombre,
        cargar: () => fetchVistaPrevia(idCaso, nombre),
        descargar: () => descargar(nombre),
        oficinaComoPdf: true,
      })),
    [idCaso, nombres, descargar],
  );
  return { visibles, descargar };
}
