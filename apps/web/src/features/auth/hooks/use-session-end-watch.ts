import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A call answered 401 means the session ended elsewhere (expired, idle, or closed from 'Mi cuenta'
 * on another device, docs/decisions/028): the session is checked again, and the guard then
 * returns to the sign-in screen instead of leaving a screen whose calls fail.
 */
export function useSessionEndWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (isUnauthenticated(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
