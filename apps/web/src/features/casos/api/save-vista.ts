import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vistaCreateSchema, vistaPredeterminadaSchema, vistaSavedResponse, messageResponse, type VistaFiltro } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type NuevaVista = { nombre: string; compartida: boolean; predeterminada: boolean; filtro: VistaFiltro };

/** POST /vistas, then PUT /vistas/predeterminada when it is to open the list. */
export async function saveVista({ predeterminada, ...vista }: NuevaVista) {
  const saved = await api.post(vistaSavedResponse, '/vistas', bodyOf(vistaCreateSchema, vista));
  if (predeterminada) await setVistaPredeterminada(saved.data.id);
  return saved;
}

/** PUT /vistas/predeterminada: null clears it. */
export const setVistaPredeterminada = (id: number | null) =>
  api.put(messageResponse, '/vistas/predeterminada', bodyOf(vistaPredeterminadaSchema, { id }));

export function useSaveVista() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveVista, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vistas }) });
}
