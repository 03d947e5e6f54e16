import { sesionesPageResponse } from '@siniestros/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users/sessions: the signed-in user's live sessions, last used first. */
export const getSessions = (page: number) => api.get(sesionesPageResponse, `/users/sessions${qs({ page })}`);

export function useSessions(page: number, isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.account.sessionsPage(page),
    queryFn: () => getSessions(page),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
