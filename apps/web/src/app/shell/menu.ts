import { ROL } from '@siniestros/domain';

export type MenuEntry = { to: string; label: string };

/** Spec §2, header and side menu: these entries per role (plus 'Plantillas' for the Admin). */
const STAFF_MENU: MenuEntry[] = [
  // Beyond the spec: the home screen of Admin and User (issue 18 item 1, docs/decisions/049).
  { to: '/tablero', label: 'Tablero' },
  { to: '/casos/crearCaso', label: 'Crear Caso' },
  { to: '/casos', label: 'Casos' },
  { to: '/audiencias/allaudiencias', label: 'Audiencias' },
  { to: '/inspecciones/allinspecciones', label: 'Inspecciones' },
  { to: '/casos/valores', label: 'Valores' },
  // Beyond the spec: the monthly report per company, with charts, PDF and xlsx (issue 46, docs/decisions/095).
  { to: '/informes', label: 'Informes' },
  // Beyond the spec: the Diario (issue 18, docs/decisions/043).
  { to: '/tareas', label: 'Mis tareas' },
  // Beyond the spec: offers above a User's limit waiting for approval (issue 41, docs/decisions/081).
  { to: '/aprobaciones', label: 'Aprobaciones pendientes' },
  // Beyond the spec: what claimants sent through the portal, to review (issue 42, docs/decisions/084).
  { to: '/recibidos', label: 'Bandeja de recibidos' },
];

const ADMIN_MENU: MenuEntry[] = [
  { to: '/usuarios', label: 'Usuarios' },
  { to: '/companias', label: 'Compañias' },
  { to: '/analistas', label: 'Analistas' },
  { to: '/responsabilidad', label: 'Responsabilidad' },
  { to: '/tipoDoc', label: 'Tipos de Documento' },
  // Beyond the spec: the convenio templates the office maintains (docs/decisions/038).
  { to: '/plantillas', label: 'Plantillas' },
  // Beyond the spec: the legal deadline rules (issue 18, docs/decisions/044).
  { to: '/plazos', label: 'Plazos legales' },
  // Beyond the spec: who gets a new case, rules and load (issue 41, docs/decisions/083).
  { to: '/asignacion', label: 'Asignación de casos' },
  // Beyond the spec: what the portal asks claimants for, and its settings (issue 42, docs/decisions/084).
  { to: '/documentacion-requerida', label: 'Documentación requerida' },
  // Beyond the spec: the shots the inspector's close asks for (issue 43 item 4, docs/decisions/087).
  { to: '/checklistFotos', label: 'Checklist de fotos' },
  // Beyond the spec: the online backups (issue 40, docs/decisions/076).
  { to: '/copias', label: 'Copias de seguridad' },
];

export function menuFor(rol: number | undefined): { main: MenuEntry[]; admin: MenuEntry[] } {
  if (rol === ROL.ADMIN) return { main: STAFF_MENU, admin: ADMIN_MENU };
  if (rol === ROL.USER) return { main: STAFF_MENU, admin: [] };
  return { main: [], admin: [] };
}
