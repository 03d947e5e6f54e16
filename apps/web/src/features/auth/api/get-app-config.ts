import { appConfigResponse } from '@siniestros/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const getAppConfig = () => api.get(appConfigResponse, '/config');

/** The office's settings: read once, by the hook and by the boot's early ask (main.tsx). */
export const appConfigQuery = queryOptions({ queryKey: queryKeys.appConfig, queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
