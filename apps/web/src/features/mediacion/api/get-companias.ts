import { useQuery } from '@tanstack/react-query';
import type { Lookup } from '@siniestros/domain';
import { api } from '../../../lib/api';

/** GET /companias: the companies of the hearing filter (DECISIONS.md lookups). */
export const getCompanias = () => api.get<Lookup[]>('/companias');

export function useCompanias() {
  return useQuery({ queryKey: ['companias'], queryFn: getCompanias, staleTime: 300_000 });
}
