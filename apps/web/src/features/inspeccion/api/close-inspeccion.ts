import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InspeccionCloseInput } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { inspeccionKeys } from './keys';

export type InspeccionCloseForm = InspeccionCloseInput & { inspeccion: File; cotizacion: File };

/**
 * PATCH /inspeccion/d/{id}, multipart (API contract): the text fields first, then the file parts
 * `inspeccion` (Doc de la Inspeccion) and `cotizacion` (Cotizacion).
 */
export function closeInspeccion(id: number, input: InspeccionCloseForm) {
  const form = new FormData();
  form.append('resultado', input.resultado);
  form.append('monto_inspeccion', input.monto_inspeccion);
  form.append('inspeccion', input.inspeccion);
  form.append('cotizacion', input.cotizacion);
  return api.patch<{ message: string }>(`/inspeccion/d/${id}`, form);
}

export function useCloseInspeccion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InspeccionCloseForm) => closeInspeccion(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspeccionKeys.all }),
  });
}
