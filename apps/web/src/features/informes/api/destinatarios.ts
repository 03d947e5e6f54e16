import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { informeDestinatariosResponse, informeDestinatariosSchema, informeEnviadosResponse, messageResponse } from '@siniestros/domain';
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

/** PUT /informes/destinatarios/{idCompania}: the company's whole list; an empty one is a DELETE (the company's e-mail stops). */
export function useGuardarDestinatarios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCompania, destinatarios }: { idCompania: number; destinatarios: string[] }) => {
      const url = `/informes/destinatarios/${idCompania}`;
      return destinatarios.length === 0
        ? api.delete(messageResponse, url)
        : api.put(messageResponse, url, bodyOf(informeDestinatariosSchema, { destinatarios }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.informes.destinatarios }),
  });
}

/** GET /informes/enviados: the copies of the monthly e-mails sent. */
export function useEnviados() {
  return useQuery({ queryKey: queryKeys.informes.enviados, queryFn: () => api.get(informeEnviadosResponse, '/informes/enviados') });
}

/** The PDF a sent e-mail carried. */
export const enviadoPdfUrl = (id: number) => `/api/informes/enviados/${id}.pdf`;
