import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SesionesPage } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

/** GET /users/sessions: the signed-in user's live sessions, last used first. */
export const getSessions = (page: number) => api.get<SesionesPage>(`/users/sessions${qs({ page })}`);

export function useSessions(page: number, isEnabled = true) {
  return useQuery({
    queryKey: [...SESSIONS_KEY, page],
    queryFn: () => getSessions(page),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
