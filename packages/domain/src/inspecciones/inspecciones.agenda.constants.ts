/**
 * The agenda's constants in a module without schemas: the web's first script asks for the agenda
 * at boot (docs/decisions/105) and imports them, without the classic zod schemas of
 * inspecciones.agenda.ts.
 */
export const INSPECCION_AGENDA_VISTAS = { pendientes: 'Pendientes', finalizadas: 'Finalizadas' } as const;
export type InspeccionAgendaVista = keyof typeof INSPECCION_AGENDA_VISTAS;

/** Pending visits a page: enough for a busy inspector's weeks on one screen (the issue saw 37). */
export const INSPECCION_AGENDA_PENDIENTES_PAGE_SIZE = 100;
