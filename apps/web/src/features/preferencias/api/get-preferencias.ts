import { queryOptions } from '@tanstack/react-query';
import { preferenciasResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';

export const PREFERENCIAS_KEY = ['preferencias'] as const;

/** GET /preferencias: the signed-in user's own (docs/decisions/101). */
export const preferenciasQuery = queryOptions({
  queryKey: PREFERENCIAS_KEY,
  queryFn: () => api.get(preferenciasResponse, '/preferencias'),
  staleTime: Infinity,
  retry: false,
});
