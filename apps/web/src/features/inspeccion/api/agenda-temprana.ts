import { INSPECCION_AGENDA_PENDIENTES_PAGE_SIZE, type InspeccionAgendaVista } from '@siniestros/domain';
import { qs, requestEarly } from '../../../lib/api';

/** The agenda's path, as the screen asks for it (get-agenda.ts) and the boot asks ahead. */
export const agendaPath = (vista: InspeccionAgendaVista, page: number, pageSize: number) => `/inspeccion/agenda${qs({ vista, page, pageSize })}`;

/**
 * Opening 'Mis Inspecciones', its first screen (today's and the coming visits) is asked for at
 * boot, beside the session check and the screens' code, instead of after them: on a slow network
 * those round trips no longer queue (docs/decisions/105). The first script carries this module
 * only (no schema: the answer is parsed by the screen's query when it takes it). It leaves once the
 * session's early check answered 2xx: signed out, it would be a refused request in the console.
 */
export function pedirAgendaTemprana(pathname: string, session: Promise<Response | null>): void {
  if (pathname.replace(/\/$/, '') === '/inspecciones') requestEarly(agendaPath('pendientes', 1, INSPECCION_AGENDA_PENDIENTES_PAGE_SIZE), session);
}
