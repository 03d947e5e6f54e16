import {
  ajustesAsignacionResponse,
  ajustesAsignacionSavedResponse,
  ajustesAsignacionSchema,
  messageResponse,
  reglaAsignacionSavedResponse,
  reglaAsignacionSchema,
  reglasAsignacionResponse,
} from '@siniestros/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /asignacion/reglas (Admin). */
export function useReglasAsignacion() {
  return useQuery({ queryKey: queryKeys.asignacion.reglas, queryFn: () => api.get(reglasAsignacionResponse, '/asignacion/reglas') });
}

/** GET /asignacion/ajustes (Admin). */
export function useAjustesAsignacion() {
  return useQuery({ queryKey: queryKeys.asignacion.ajustes, queryFn: () => api.get(ajustesAsignacionResponse, '/asignacion/ajustes') });
}

function useAsignacionMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.asignacion.all }) });
}

export type ReglaBody = z.input<typeof reglaAsignacionSchema>;
/** POST /asignacion/reglas. */
export const useCrearRegla = () =>
  useAsignacionMutation((body: ReglaBody) => api.post(reglaAsignacionSavedResponse, '/asignacion/reglas', bodyOf(reglaAsignacionSchema, body)));

/** DELETE /asignacion/reglas/{id}. */
export const useEliminarRegla = () => useAsignacionMutation((id: number) => api.delete(messageResponse, `/asignacion/reglas/${id}`));

export type AjustesBody = z.input<typeof ajustesAsignacionSchema>;
/** PATCH /asignacion/ajustes. */
export const useGuardarAjustes = () =>
  useAsignacionMutation((body: AjustesBody) => api.patch(ajustesAsignacionSavedResponse, '/asignacion/ajustes', bodyOf(ajustesAsignacionSchema, body)));
