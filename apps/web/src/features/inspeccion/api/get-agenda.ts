import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  INSPECCION_AGENDA_PENDIENTES_PAGE_SIZE,
  PAGE_SIZE,
  inspeccionAgendaResponse,
  type InspeccionAgendaVista,
} from '@siniestros/domain';
import { api } from '../../../lib/api';
import { agendaPath } from './agenda-temprana';
import { queryKeys } from '../../../lib/query-keys';

const PAGE_SIZES: Record<InspeccionAgendaVista, number> = { pendientes: INSPECCION_AGENDA_PENDIENTES_PAGE_SIZE, finalizadas: PAGE_SIZE };

/** GET /inspeccion/agenda: the signed-in inspector's visits (their session's id_inspect; docs/decisions/086). */
export const getAgenda = (vista: InspeccionAgendaVista, page: number) => api.get(inspeccionAgendaResponse, agendaPath(vista, page, PAGE_SIZES[vista]));

export function useAgenda(vista: InspeccionAgendaVista, page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inspecciones.agenda(vista, page),
    queryFn: () => getAgenda(vista, page),
    enabled,
    // Another page of the same tab keeps the last one in view; another tab never shows this one's visits.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === vista ? keepPreviousData(previous) : undefined),
    meta: { errorMessage: 'Error al obtener las inspecciones' },
  });
}
