import { useQuery } from '@tanstack/react-query';
import { analistaAbmListResponse, type AnalistaAbm } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /analistas/abm (Admin): every analyst with its user and availability (docs/decisions/083). */
export const getAnalistasAbm = () => api.get(analistaAbmListResponse, '/analistas/abm');
export function useAnalistasAbm() {
  return useQuery({ queryKey: queryKeys.reference('analistas'), queryFn: getAnalistasAbm });
}

export const analistaName = (analista: Pick<AnalistaAbm, 'apellido' | 'nombre'>) => `${analista.apellido} ${analista.nombre}`;
