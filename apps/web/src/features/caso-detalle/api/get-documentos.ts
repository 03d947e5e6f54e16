import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { documentosKey } from '../../documentacion/api/upload-documents';

/** GET /documentacion/listado/{id}: the stored names, newest last (API contract). */
export const getDocumentos = (idCaso: number) => api.get<string[]>(`/documentacion/listado/${idCaso}`);

export function useDocumentos(idCaso: number) {
  return useQuery({ queryKey: documentosKey(idCaso), queryFn: () => getDocumentos(idCaso) });
}
