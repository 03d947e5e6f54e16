import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const getCasoAudit = (idCaso: number, page: number) => api.get<AuditPage>(`/audit/casos/${idCaso}${qs({ page })}`);

export function useCasoAudit(idCaso: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.auditCaso(idCaso, page),
    queryFn: () => getCasoAudit(idCaso, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
