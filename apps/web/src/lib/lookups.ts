import { useQuery } from '@tanstack/react-query';
import { TIPOS_DOC_INICIALES, type Lookup, lookupListResponse, personLookupListResponse } from '@siniestros/domain';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * The lookups every screen's selects read, one fetcher and one cache key each. Saving reference
 * data or a user invalidates them (features/reference, features/users), so no select shows a
 * renamed company or a removed inspector after the save.
 */
const STALE_MS = 60_000;

/** GET /companias. */
export const getCompanias = () => api.get(lookupListResponse, '/companias');
/** `errorMessage`: a screen that needs the companies to work tells their failure in a toast. */
export function useCompanias(errorMessage?: string) {
  return useQuery({ queryKey: queryKeys.lookups.companias, queryFn: getCompanias, staleTime: STALE_MS, meta: { errorMessage } });
}

/** Spec §3: when the person document types cannot be read, the local list DNI, Pasaporte, Cedula, LC. */
const FALLBACK_TIPOS_DOC: Lookup[] = TIPOS_DOC_INICIALES.map((nombre, index) => ({ id: index + 1, nombre }));

/** GET /doc: person document types, or the spec's local list when they cannot be read. */
export async function getTiposDoc(): Promise<Lookup[]> {
  try {
    const tipos = await api.get(lookupListResponse, '/doc');
    return tipos.length > 0 ? tipos : FALLBACK_TIPOS_DOC;
  } catch {
    return FALLBACK_TIPOS_DOC;
  }
}
export function useTiposDoc() {
  return useQuery({ queryKey: queryKeys.lookups.tiposDoc, queryFn: getTiposDoc, staleTime: STALE_MS });
}

/** GET /casos/productos. */
export const getProductos = () => api.get(lookupListResponse, '/casos/productos');
export function useProductos() {
  return useQuery({ queryKey: queryKeys.lookups.productos, queryFn: getProductos, staleTime: STALE_MS });
}

/** GET /inspector: the active inspectors (spec §7). */
export const getInspectores = () => api.get(personLookupListResponse, '/inspector');
export function useInspectores() {
  return useQuery({ queryKey: queryKeys.lookups.inspectores, queryFn: getInspectores, staleTime: STALE_MS });
}

export const inspectorName = (inspector: { apellido?: string | null; nombre?: string | null }) =>
  [inspector.apellido, inspector.nombre].filter(Boolean).join(' ');
