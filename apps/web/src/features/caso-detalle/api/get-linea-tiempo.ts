import { lineaResponse, LINEA_TIPOS, type LineaTipo } from '@siniestros/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /casos/{id}/linea-tiempo: one page, newest first, from `cursor` (docs/decisions/098). */
export const getLineaTiempo = (idCaso: number, tipos: readonly LineaTipo[], cursor: string | null) =>
  api.get(lineaResponse, `/casos/${idCaso}/linea-tiempo${qs({ tipos: tipos.length === LINEA_TIPOS.length ? undefined : tipos.join(','), cursor })}`);

/** Under the case's key: whatever refreshes the case refreshes its timeline. */
export function useLineaTiempo(idCaso: number, tipos: readonly LineaTipo[]) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.caso(idCaso), 'linea-tiempo', tipos],
    queryFn: ({ pageParam }) => getLineaTiempo(idCaso, tipos, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.siguiente,
    enabled: tipos.length > 0,
  });
}
