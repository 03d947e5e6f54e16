import { auditPageResponse } from '@siniestros/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const getCasoAudit = (idCaso: number, page: number) => api.get(auditPageResponse, `/audit/casos/${idCaso}${qs({ page })}`);

export function useCasoAudit(idCaso: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.auditCaso(idCaso, page),
    queryFn: () => getCasoAudit(idCaso, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
