import { useQuery } from '@tanstack/react-query';
import { pagosDelCasoResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /casos/{id}/pagos: the case's payments and its agreed, paid and pending amounts (docs/decisions/082). */
export const getPagos = (idCaso: number) => api.get(pagosDelCasoResponse, `/casos/${idCaso}/pagos`);

export function usePagos(idCaso: number, isEnabled = true) {
  return useQuery({ queryKey: queryKeys.pagos(idCaso), queryFn: () => getPagos(idCaso), enabled: isEnabled });
}
