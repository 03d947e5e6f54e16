import { messageResponse } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferenceKind } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { REFERENCE_ENDPOINTS, type ReferenceInput } from './reference-endpoints';
import { queryKeys } from '../../../lib/query-keys';

export const createReference = (kind: ReferenceKind, input: ReferenceInput) =>
  api.post(messageResponse, REFERENCE_ENDPOINTS[kind].create, REFERENCE_ENDPOINTS[kind].createBody(input));

export const updateReference = (kind: ReferenceKind, id: number, input: ReferenceInput) =>
  api.patch(messageResponse, REFERENCE_ENDPOINTS[kind].update(id), REFERENCE_ENDPOINTS[kind].updateBody(id, input));

export function useSaveReference(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ReferenceInput }) =>
      id ? updateReference(kind, id, input) : createReference(kind, input),
    // Reference names are read everywhere: the selects' lookups, the case list's filters and rows, the
    // case detail. All of it is marked stale (only what is on screen refetches now, the rest when shown).
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] }),
  });
}
