import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportFileName, masivoAnalistaSchema, masivoExportSchema, masivoFlagSchema, masivoResponse, todayIso, type CasosSeleccion } from '@siniestros/domain';
import { api, bodyOf, saveBlob } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Bulk actions on the case list's selection (docs/decisions/097). */
export type MasivoAccion = { seleccion: CasosSeleccion } & ({ accion: 'analista'; idAnalista: number } | { accion: 'flag'; flag: number; valor: boolean });

const send = (input: MasivoAccion) =>
  input.accion === 'analista'
    ? api.post(masivoResponse, '/casos/masivo/analista', bodyOf(masivoAnalistaSchema, { seleccion: input.seleccion, id_analista: input.idAnalista }))
    : api.post(masivoResponse, '/casos/masivo/flag', bodyOf(masivoFlagSchema, { seleccion: input.seleccion, flag: input.flag, valor: input.valor }));

export function useAccionMasiva() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.casos.all }),
        queryClient.invalidateQueries({ queryKey: ['historial'] }),
        // Every detail read: a new analyst comes with a new edit version (docs/decisions/074).
        queryClient.invalidateQueries({ queryKey: ['caso'] }),
      ]),
  });
}

/** The selection as the list's xlsx, saved as casos_export_{date}.xlsx. */
export async function exportSeleccion(seleccion: CasosSeleccion) {
  const blob = await api.postFile('/casos/masivo/export', bodyOf(masivoExportSchema, { seleccion }));
  saveBlob(blob, exportFileName(todayIso()));
}

export function useExportSeleccion() {
  return useMutation({ mutationFn: exportSeleccion });
}
