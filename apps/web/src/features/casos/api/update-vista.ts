import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ajustesVistasSavedResponse,
  ajustesVistasSchema,
  messageResponse,
  vistaSavedResponse,
  vistaUpdateSchema,
  type AjustesVistas,
  type VistaUpdateInput,
} from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { setVistaPredeterminada } from './save-vista';

/** The 'Administrar vistas' dialog's changes (docs/decisions/096); each one reads the views again. */
export type CambioVista =
  | { kind: 'editar'; id: number; cambios: VistaUpdateInput }
  | { kind: 'eliminar'; id: number }
  | { kind: 'predeterminada'; id: number | null }
  | { kind: 'ajustes'; ajustes: AjustesVistas };

/** PATCH /vistas/:id, DELETE /vistas/:id, PUT /vistas/predeterminada or PATCH /vistas/ajustes (Admin). */
export function updateVista(cambio: CambioVista) {
  switch (cambio.kind) {
    case 'editar':
      return api.patch(vistaSavedResponse, `/vistas/${cambio.id}`, bodyOf(vistaUpdateSchema, cambio.cambios));
    case 'eliminar':
      return api.delete(messageResponse, `/vistas/${cambio.id}`);
    case 'predeterminada':
      return setVistaPredeterminada(cambio.id);
    case 'ajustes':
      return api.patch(ajustesVistasSavedResponse, '/vistas/ajustes', bodyOf(ajustesVistasSchema, cambio.ajustes));
  }
}

export function useUpdateVista() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVista, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vistas }) });
}
