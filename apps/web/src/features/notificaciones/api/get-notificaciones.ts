import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  NOTIFICACIONES_POLL_MS,
  NOTIFICACIONES_RECIENTES,
  notificacionPreferenciasResponse,
  notificacionesPageResponse,
} from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /notificaciones: the signed-in user's items, newest first, and their unread count. */
export const getNotificaciones = (page: number, pageSize: number, noLeidas: boolean) =>
  api.get(notificacionesPageResponse, `/notificaciones${qs({ page, pageSize, no_leidas: noLeidas ? 1 : null })}`);

/** The bell: the newest items and the unread count, asked again every minute while the app is open. */
export function useNotificacionesRecientes(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notificaciones.recientes,
    queryFn: () => getNotificaciones(1, NOTIFICACIONES_RECIENTES, false),
    enabled: isEnabled,
    refetchInterval: NOTIFICACIONES_POLL_MS,
  });
}

/** The page 'Notificaciones'. */
export function useNotificaciones(page: number, noLeidas: boolean) {
  return useQuery({
    queryKey: queryKeys.notificaciones.page(page, noLeidas),
    queryFn: () => getNotificaciones(page, 20, noLeidas),
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICACIONES_POLL_MS,
  });
}

/** GET /notificaciones/preferencias. */
export function usePreferencias() {
  return useQuery({
    queryKey: queryKeys.notificaciones.preferencias,
    queryFn: () => api.get(notificacionPreferenciasResponse, '/notificaciones/preferencias'),
  });
}
