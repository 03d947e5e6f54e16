import { useQuery } from '@tanstack/react-query';
import type { Lookup } from '@siniestros/domain';
import { api } from '../../../lib/api';

/** GET /casos/productos: the products of the inspection filter (DECISIONS.md lookups). */
export const getProductos = () => api.get<Lookup[]>('/casos/productos');

export function useProductos() {
  return useQuery({ queryKey: ['productos'], queryFn: getProductos, staleTime: 300_000 });
}
