import { documentosResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /documentacion/listado/{id_caso}: the stored file names of the case, newest last (API contract). */
export const getDocumentos = (idCaso: number) => api.get(documentosResponse, `/documentacion/listado/${idCaso}`);

export function useDocumentos(idCaso: number | undefined) {
  return useQuery({ queryKey: queryKeys.documentos(idCaso ?? 0), queryFn: () => getDocumentos(idCaso!), enabled: Boolean(idCaso) });
}

export const documentoUrl = (idCaso: number, name: string) => `/api/documentacion/downloadfile/?id=${idCaso}&name=${encodeURIComponent(name)}`;
export const todosDocumentosUrl = (idCaso: number) => `/api/documentacion/${idCaso}`;
