import { casoDetalleResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /casos/{id} (decision 000, case detail object). */
export const getCaso = (idCaso: number) => api.get(casoDetalleResponse, `/casos/${idCaso}`);

export function useCaso(idCaso: number) {
  return useQuery({ queryKey: queryKeys.caso(idCaso), queryFn: () => getCaso(idCaso) });
}
