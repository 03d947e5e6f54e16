import { useQuery } from '@tanstack/react-query';
import { TIPOS_DOC_INICIALES, type Lookup } from '@siniestros/domain';
import { api } from '../../../lib/api';

/** GET /doc: person document types; the local list is the spec's fallback (spec §3). */
export const getTiposDoc = () => api.get<Lookup[]>('/doc');

export const TIPOS_DOC_FALLBACK: Lookup[] = TIPOS_DOC_INICIALES.map((nombre, index) => ({ id: index + 1, nombre }));

export function useTiposDoc() {
  return useQuery({ queryKey: ['tipos-doc'], queryFn: getTiposDoc, staleTime: 300_000 });
}
