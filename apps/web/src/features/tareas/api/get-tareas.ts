import { tareaAsignablesResponse, tareaListResponse, tareasPageResponse } from '@siniestros/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TareaVista } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tareas: the signed-in user's open tasks (or the team's, or one user's in it), one tab, soonest first. */
export const getTareas = (vista: TareaVista, equipo: boolean, usuario: number | null, page: number) =>
  api.get(tareasPageResponse, `/tareas${qs({ vista, equipo: equipo ? 1 : 0, usuario: equipo ? usuario : null, page, pageSize: 20 })}`);

export function useTareas(vista: TareaVista, equipo: boolean, usuario: number | null, page: number) {
  return useQuery({
    queryKey: queryKeys.tareas.mias(vista, equipo, equipo ? usuario : null, page),
    queryFn: () => getTareas(vista, equipo, usuario, page),
    placeholderData: keepPreviousData,
  });
}

/** GET /tareas/caso/{id}: the case's open tasks. */
export function useTareasCaso(idCaso: number) {
  return useQuery({ queryKey: queryKeys.tareas.caso(idCaso), queryFn: () => api.get(tareaListResponse, `/tareas/caso/${idCaso}`) });
}

/** GET /tareas/asignables: active Admins and Users. */
export function useAsignables() {
  return useQuery({
    queryKey: queryKeys.tareas.asignables,
    queryFn: () => api.get(tareaAsignablesResponse, '/tareas/asignables'),
    staleTime: 60_000,
  });
}
