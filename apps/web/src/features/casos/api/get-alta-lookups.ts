import { useQuery } from '@tanstack/react-query';
import { TIPOS_DOC_INICIALES, type Lookup } from '@siniestros/domain';
import { api } from '../../../lib/api';

export const getCompanias = () => api.get<Lookup[]>('/companias');

export function useCompanias() {
  return useQuery({ queryKey: ['companias'], queryFn: getCompanias, staleTime: 60_000 });
}

/** Spec §3: when the person document types cannot be read, the local list DNI, Pasaporte, Cedula, LC. */
const FALLBACK_TIPOS_DOC: Lookup[] = TIPOS_DOC_INICIALES.map((nombre, index) => ({ id: index + 1, nombre }));

export async function getTiposDoc(): Promise<Lookup[]> {
  try {
    const tipos = await api.get<Lookup[]>('/doc');
    return tipos.length > 0 ? tipos : FALLBACK_TIPOS_DOC;
  } catch {
    return FALLBACK_TIPOS_DOC;
  }
}

export function useTiposDoc() {
  return useQuery({ queryKey: ['tiposDoc'], queryFn: getTiposDoc, staleTime: 60_000 });
}
