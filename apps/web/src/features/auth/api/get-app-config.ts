import { appConfigResponse } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';


export const getAppConfig = () => api.get(appConfigResponse, '/config');

export function useAppConfig() {
  return useQuery({ queryKey: queryKeys.appConfig, queryFn: getAppConfig, staleTime: Infinity });
}
