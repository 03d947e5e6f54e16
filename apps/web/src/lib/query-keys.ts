import type { ReferenceKind } from '@siniestros/domain';

/**
 * Every TanStack Query key of the app, one factory per resource (the TkDodo key-factory habit):
 * a screen reads under these keys and a mutation invalidates every key it changes, whichever
 * feature owns the screen that shows it. Keys nest, so invalidating `casos.all` reaches every
 * page and filter of the case list.
 */
export const queryKeys = {
  session: ['session'] as const,
  /** The logout's mutation: while it runs, the screens step aside (RequireRole). */
  logout: ['logout'] as const,
  appConfig: ['config'] as const,
  account: {
    sessions: ['account', 'sessions'] as const,
    sessionsPage: (page: number) => ['account', 'sessions', page] as const,
  },
  users: ['users'] as const,
  lookups: {
    all: ['lookups'] as const,
    companias: ['lookups', 'companias'] as const,
    tiposDoc: ['lookups', 'tiposDoc'] as const,
    productos: ['lookups', 'productos'] as const,
    inspectores: ['lookups', 'inspectores'] as const,
    analistas: ['lookups', 'analistas'] as const,
  },
  reference: (kind: ReferenceKind) => ['reference', kind] as const,
  /** The inspection's photo checklist (GET /fotos-checklist, docs/decisions/087). */
  fotoChecklist: ['fotoChecklist'] as const,
  /** The case list's saved views (GET /vistas, docs/decisions/096). */
  vistas: ['vistas'] as const,
  referencePage: (kind: ReferenceKind, page: number) => ['reference', kind, page] as const,
  casos: {
    all: ['casos'] as const,
    list: (page: number) => ['casos', 'list', page] as const,
    filter: (filtro: unknown, page: number) => ['casos', 'filter', filtro, page] as const,
    summary: ['casos', 'summary'] as const,
  },
  /** The case detail (GET /casos/{id}): its lawyer, injured, hearings and inspections come with it. */
  caso: (idCaso: number) => ['caso', idCaso] as const,
  historial: (idCaso: number) => ['historial', idCaso] as const,
  documentos: (idCaso: number) => ['documentos', idCaso] as const,
  lesionados: (idCaso: number) => ['lesionados', idCaso] as const,
  audiencias: {
    all: ['audiencias'] as const,
    caso: (idCaso: number) => ['audiencias', 'caso', idCaso] as const,
    list: (page: number, filtro: unknown, cuando: string) => ['audiencias', 'list', page, filtro, cuando] as const,
  },
  inspecciones: {
    all: ['inspecciones'] as const,
    mine: (idInspect: number, page: number) => ['inspecciones', 'mine', idInspect, page] as const,
    /** The signed-in inspector's agenda (GET /inspeccion/agenda, docs/decisions/086). */
    agenda: (vista: string, page: number) => ['inspecciones', 'agenda', vista, page] as const,
    list: (page: number, filtro: unknown) => ['inspecciones', 'list', page, filtro] as const,
    detalle: (id: number) => ['inspecciones', 'detalle', id] as const,
    view: (id: number) => ['inspecciones', 'view', id] as const,
  },
  auditCaso: (idCaso: number, page: number) => ['audit', 'caso', idCaso, page] as const,
  valores: (page: number, filtro: unknown) => ['valores', page, filtro] as const,
  plantillas: ['plantillas'] as const,
  tareas: {
    all: ['tareas'] as const,
    caso: (idCaso: number) => ['tareas', 'caso', idCaso] as const,
    mias: (vista: string, equipo: boolean, usuario: number | null, page: number) =>
      ['tareas', 'mias', vista, equipo, usuario, page] as const,
    asignables: ['tareas', 'asignables'] as const,
  },
  plazos: {
    all: ['plazos'] as const,
    reglas: ['plazos', 'reglas'] as const,
    caso: (idCaso: number) => ['plazos', 'caso', idCaso] as const,
    estados: (ids: readonly number[]) => ['plazos', 'estados', ids] as const,
  },
  /** The Tablero's figures (GET /tablero); refreshed each minute rather than invalidated by every change. */
  tablero: ['tablero'] as const,
  /** The Informe de gestión (issue 46): the report of a company and period, the e-mail recipients, the copies sent. */
  informes: {
    informe: (query: unknown) => ['informes', 'informe', query] as const,
    destinatarios: ['informes', 'destinatarios'] as const,
    enviados: ['informes', 'enviados'] as const,
  },
  /** The bell and the page 'Notificaciones' (each polls; reading one refreshes all of them) and the user's settings. */
  notificaciones: {
    all: ['notificaciones'] as const,
    recientes: ['notificaciones', 'recientes'] as const,
    page: (page: number, noLeidas: boolean) => ['notificaciones', 'page', page, noLeidas] as const,
    preferencias: ['notificaciones', 'preferencias'] as const,
  },
  /**
   * Offers waiting for approval (docs/decisions/081): the list, and the case detail's read, kept
   * under the case's key so that every write on the case (an offer made) reads it again.
   */
  aprobaciones: {
    all: ['aprobaciones'] as const,
    page: (estado: string, page: number) => ['aprobaciones', 'page', estado, page] as const,
    caso: (idCaso: number) => ['caso', idCaso, 'aprobacion'] as const,
  },
  /** A case's payments (docs/decisions/082), under the case's key: every write on the case reads them again. */
  pagos: (idCaso: number) => ['caso', idCaso, 'pagos'] as const,
  /** The Admin's online backups (GET /backups, docs/decisions/076). */
  backups: ['backups'] as const,
  /** The routing rules and settings (Admin, docs/decisions/083). */
  asignacion: {
    all: ['asignacion'] as const,
    reglas: ['asignacion', 'reglas'] as const,
    ajustes: ['asignacion', 'ajustes'] as const,
  },
  /** The claimant portal (docs/decisions/084). */
  portal: {
    all: ['portal'] as const,
    /** A case's checklists and links, under the case's key: every write on the case (an advance) reads it again. */
    caso: (idCaso: number) => ['caso', idCaso, 'portal'] as const,
    mensajes: (idCaso: number, idTercero: number) => ['caso', idCaso, 'portal', 'mensajes', idTercero] as const,
    recibidos: ['portal', 'recibidos'] as const,
    recibidosPage: (page: number) => ['portal', 'recibidos', page] as const,
    requisitos: ['portal', 'requisitos'] as const,
    ajustes: ['portal', 'ajustes'] as const,
  },
};
