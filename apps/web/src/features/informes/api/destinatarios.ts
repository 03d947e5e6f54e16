import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { informeDestinatariosResponse, informeDestinatariosSchema, informeEnviadosResponse } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /informes/destinatarios: each company's recipients of the monthly e-mail (Admin only). */
export function useDestinatarios(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.informes.destinatarios,
    queryFn: () => api.get(informeDestinatariosResponse, '/informes/destinatarios'),
    enabled,
  });
}

/** PUT /informes/destinatarios/{idCompania}: the company's whole list. */
export function useGuardarDestinatarios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCompania, destinatarios }: { idCompania: number; destinatarios: string[] }) =>
      api.put(informeDestinatariosResponse, `/informes/destinatarios/${idCompania}`, bodyOf(informeDestinatariosSchema, { destinatarios })),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.informes.destinatarios, data),
  });
}

/** GET /informes/enviados: the copies of the monthly e-mails sent. */
export function useEnviados() {
  return useQuery({ queryKey: queryKeys.informes.enviados, queryFn: () => api.get(informeEnviadosResponse, '/informes/enviados') });
}

/** The PDF a sent e-mail carried. */
export const enviadoPdfUrl = (id: number) => `/api/informes/enviados/${id}.pdf`;
