import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type AppConfig = { orgAcronym: string; orgName: string; captcha: 'altcha' | 'off'; pageSize: number };

export const getAppConfig = () => api.get<AppConfig>('/config');

export function useAppConfig() {
  return useQuery({ queryKey: queryKeys.appConfig, queryFn: getAppConfig, staleTime: Infinity });
}
