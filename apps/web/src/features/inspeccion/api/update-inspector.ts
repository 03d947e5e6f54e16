import { messageResponse, updateInspectorSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /inspeccion/update_inspector/{id} {caso, inspector}: reassign a Coordinada inspection (spec §7). */
export const updateInspector = (id: number, caso: number, inspector: number) =>
  api.patch(messageResponse, `/inspeccion/update_inspector/${id}`, bodyOf(updateInspectorSchema, { caso, inspector }));

export function useUpdateInspector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, caso, inspector }: { id: number; caso: number; inspector: number }) => updateInspector(id, caso, inspector),
    onSettled: (_data, _error, { caso }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.inspecciones.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(caso) }),
      ]),
  });
}
