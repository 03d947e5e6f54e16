import { useMutation } from '@tanstack/react-query';
import { exportFileName, todayIso, casoFiltroSchema } from '@siniestros/domain';
import { api, bodyOf, saveBlob } from '../../../lib/api';
import type { CasoFiltroDraft } from './filtro-draft';

/** Spec §7: the filters (or the quick search) plus formato excel; saved as casos_export_{date}.xlsx. */
export async function exportCasos(filtro: CasoFiltroDraft) {
  const blob = await api.postFile('/casos/export', bodyOf(casoFiltroSchema, { ...filtro, formato: 'excel' }));
  saveBlob(blob, exportFileName(todayIso()));
}

export function useExportCasos() {
  return useMutation({ mutationFn: exportCasos });
}
