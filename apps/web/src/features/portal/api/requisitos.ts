import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponse,
  PORTAL_MESSAGES,
  requisitoPatchSchema,
  requisitoSavedResponse,
  requisitoSchema,
  requisitosResponse,
  type RequisitoInput,
} from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

/** GET /portal-admin/requisitos: the documents each product requires (Admin; a User reads them to ask). */
export const getRequisitos = () => api.get(requisitosResponse, '/portal-admin/requisitos');

export function useRequisitos() {
  return useQuery({ queryKey: queryKeys.portal.requisitos, queryFn: getRequisitos });
}

/** The example picture a claimant sees beside the item; `version` changes the address after an upload. */
export const ejemploUrl = (idRequisito: number, version?: number) =>
  `/api/portal-admin/requisitos/${idRequisito}/ejemplo${version ? `?v=${version}` : ''}`;

export type GuardarRequisito = { id?: number; input: RequisitoInput; ejemplo: File | null };

/**
 * POST /portal-admin/requisitos or PATCH /portal-admin/requisitos/{id}, then the example picture
 * (PUT …/ejemplo, multipart) when one was chosen. Its toasts live here, as every write's do
 * (features/aprobaciones/api/resolver-aprobacion.ts says why); the dialog closes on success.
 */
export function useGuardarRequisito() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, ejemplo }: GuardarRequisito) => {
      const saved = id
        ? await api.patch(requisitoSavedResponse, `/portal-admin/requisitos/${id}`, bodyOf(requisitoPatchSchema, input))
        : await api.post(requisitoSavedResponse, '/portal-admin/requisitos', bodyOf(requisitoSchema, input));
      if (ejemplo) {
        const form = new FormData();
        form.append('file', ejemplo);
        await api.put(messageResponse, `/portal-admin/requisitos/${saved.data.id}/ejemplo`, form);
      }
      return saved;
    },
    onSuccess: (saved, { id }) =>
      notifySuccess(saved.message || (id ? PORTAL_MESSAGES.requisitoActualizado : PORTAL_MESSAGES.requisitoCreado)),
    onError: (error) => notifyApiError(error, PORTAL_MESSAGES.requisitoNoExiste),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.portal.requisitos }),
  });
}
