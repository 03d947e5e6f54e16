import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferenceKind } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { REFERENCE_ENDPOINTS, referenceKey, type ReferenceInput } from './reference-endpoints';

export const createReference = (kind: ReferenceKind, input: ReferenceInput) => api.post(REFERENCE_ENDPOINTS[kind].create, input);

export const updateReference = (kind: ReferenceKind, id: number, input: ReferenceInput) =>
  api.patch(REFERENCE_ENDPOINTS[kind].update(id), REFERENCE_ENDPOINTS[kind].updateBody(id, input));

export function useSaveReference(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ReferenceInput }) => (id ? updateReference(kind, id, input) : createReference(kind, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referenceKey(kind) }),
  });
}
