import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fotoChecklistResponse, fotoChecklistSavedResponse, fotoChecklistSchema, type FotoChecklistInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /fotos-checklist: every item by its order, the inactive ones too (docs/decisions/087). */
export function useFotoChecklist() {
  return useQuery({ queryKey: queryKeys.fotoChecklist, queryFn: () => api.get(fotoChecklistResponse, '/fotos-checklist') });
}

/** POST /fotos-checklist, or PATCH /fotos-checklist/{id} with the whole item (Admin). */
export function useSaveFotoChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: FotoChecklistInput }) =>
      id
        ? api.patch(fotoChecklistSavedResponse, `/fotos-checklist/${id}`, bodyOf(fotoChecklistSchema, input))
        : api.post(fotoChecklistSavedResponse, '/fotos-checklist', bodyOf(fotoChecklistSchema, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fotoChecklist }),
  });
}
