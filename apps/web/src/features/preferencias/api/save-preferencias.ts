import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferenciasResponse, preferenciasUpdateSchema, type PreferenciasUpdate } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { PREFERENCIAS_KEY } from './get-preferencias';

/** PATCH /preferencias: only the fields given change; the answer is the user's whole preferences. */
export function useSavePreferencias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PreferenciasUpdate) => api.patch(preferenciasResponse, '/preferencias', bodyOf(preferenciasUpdateSchema, values)),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCIAS_KEY, saved),
  });
}
