import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recibidosResponse } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const RECIBIDOS_PAGE_SIZE = 25;

/** GET /portal-admin/recibidos: what claimants sent and nobody reviewed, oldest first. */
export const getRecibidos = (page: number) =>
  api.get(recibidosResponse, `/portal-admin/recibidos${qs({ page, pageSize: RECIBIDOS_PAGE_SIZE })}`);

export function useRecibidos(page: number) {
  return useQuery({ queryKey: queryKeys.portal.recibidosPage(page), queryFn: () => getRecibidos(page), placeholderData: keepPreviousData });
}
