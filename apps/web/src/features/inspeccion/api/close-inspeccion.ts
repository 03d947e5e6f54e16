import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INSPECCION_EARLY_CLOSE_FIELD, INSPECCION_FOTOS, type InspeccionCloseInput, messageResponse } from '@siniestros/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { metaDe, type FotoTomada } from '../components/fotos/preparar-foto';

/** `confirmaAnticipada`: the person confirmed closing before the scheduled date. */
export type InspeccionCloseForm = InspeccionCloseInput & { inspeccion: File; cotizacion: File; confirmaAnticipada?: boolean; fotos?: readonly FotoTomada[] };

/**
 * PATCH /inspeccion/d/{id}, multipart (API contract): the text fields first, then the file parts
 * `inspeccion` (Doc de la Inspeccion) and `cotizacion` (Cotizacion), then each photo's `foto_meta`
 * (JSON) right before its `foto` (docs/decisions/087).
 */
export function closeInspeccion(id: number, input: InspeccionCloseForm) {
  const form = new FormData();
  form.append('resultado', input.resultado);
  form.append('monto_inspeccion', input.monto_inspeccion);
  if (input.confirmaAnticipada) form.append(INSPECCION_EARLY_CLOSE_FIELD, 'true');
  form.append('inspeccion', input.inspeccion);
  form.append('cotizacion', input.cotizacion);
  for (const foto of input.fotos ?? []) {
    form.append(INSPECCION_FOTOS.campoMeta, JSON.stringify(metaDe(foto)));
    form.append(INSPECCION_FOTOS.campoFoto, foto.archivo, foto.archivo.name);
  }
  return api.patch(messageResponse, `/inspeccion/d/${id}`, form);
}

export function useCloseInspeccion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InspeccionCloseForm) => closeInspeccion(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inspecciones.all }),
  });
}
