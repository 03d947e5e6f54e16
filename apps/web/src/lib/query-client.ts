import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { notifyApiError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorMessage`: a failed read is told in a toast, the server's message or this one. */
    queryMeta: { errorMessage?: string };
  }
}

export const queryClient = new QueryClient({
  // One place turns a failed read into a toast, once per failed fetch, for the queries that ask for it.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.errorMessage) notifyApiError(error, query.meta.errorMessage);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
    // A change made without network fails at once with its message (docs/decisions/088) instead of
    // waiting, paused, to be sent by itself later.
    mutations: { networkMode: 'always' },
  },
});
