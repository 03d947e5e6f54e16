import { INSPECCION_MESSAGES, inspeccionSavedResponse, messageResponse, inspeccionSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InspeccionInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess, VALIDATION_TOAST_MS } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** POST /inspeccion/{id_caso} schedules; PATCH /inspeccion/edit/{id} edits (spec §7). */
export const createInspeccion = (idCaso: number, input: InspeccionInput) =>
  api.post(inspeccionSavedResponse, `/inspeccion/${idCaso}`, bodyOf(inspeccionSchema, input));
/** `input.version`: the one the dialog read; another person's save meanwhile answers 409 (docs/decisions/074). */
export const updateInspeccion = (id: number, input: InspeccionInput) =>
  api.patch(messageResponse, `/inspeccion/edit/${id}`, bodyOf(inspeccionSchema, input));

/** The toasts live here, as in useDeleteInspeccion: a refusal's re-read can take the panel, and its dialog, away. */
export function useSaveInspeccion(idCaso: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: InspeccionInput }) =>
      id ? updateInspeccion(id, input) : createInspeccion(idCaso, input),
    onSuccess: (_saved, { id }) => notifySuccess(id ? INSPECCION_MESSAGES.edited : INSPECCION_MESSAGES.scheduled),
    onError: (error) => notifyApiError(error, 'Error al guardar la inspeccion', VALIDATION_TOAST_MS),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.caso(idCaso) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inspecciones.all }),
      ]),
  });
}
