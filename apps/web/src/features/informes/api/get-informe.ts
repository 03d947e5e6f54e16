import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { informeResponse } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { InformeParams } from '../hooks/use-informe-params';

const query = (params: InformeParams) => qs({ compania: params.compania, desde: params.desde, hasta: params.hasta });

/** GET /informes: the figures of a company (or all) and a period. The last report stays on screen while the next loads. */
export function useInforme(params: InformeParams) {
  return useQuery({
    queryKey: queryKeys.informes.informe(params),
    queryFn: () => api.get(informeResponse, `/informes${query(params)}`),
    placeholderData: keepPreviousData,
  });
}

/** The same report as a file (GET /informes.pdf, /informes.xlsx): the browser downloads it, with the session's cookie. */
export const informeArchivoUrl = (params: InformeParams, formato: 'pdf' | 'xlsx') => `/api/informes.${formato}${query(params)}`;
