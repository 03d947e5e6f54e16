import { z } from 'zod';
import { pagingQuery } from '../shared/fields';
import { formatDate } from '../shared/format';
import { withMessage } from '../shared/responses';

/** Issue 18 item 4: the bell, the page 'Notificaciones' and the daily e-mail digest (docs/decisions/050). */
export const NOTIFICACION_TIPOS = {
  tarea_asignada: 'Tarea asignada',
  tarea_vence: 'Tarea para hoy',
  plazo_aviso: 'Plazo por vencer',
  caso_asignado: 'Caso asignado',
  /** docs/decisions/081: an offer above its maker's limit, to approvers; its outcome, to the maker. */
  aprobacion_pedida: 'Aprobación pendiente',
  aprobacion_resuelta: 'Aprobación resuelta',
  /** docs/decisions/084: a claimant sent a file for review, or wrote, from the portal; to the case's responsible user. */
  portal_recibido: 'Documento del reclamante',
  portal_mensaje: 'Mensaje del reclamante',
} as const;
export type NotificacionTipo = keyof typeof NOTIFICACION_TIPOS;

export const NOTIFICACION_MESSAGES = {
  title: 'Notificaciones',
  empty: 'No hay notificaciones.',
  emptyNoLeidas: 'No hay notificaciones sin leer.',
  notFound: 'La notificación no existe',
  leida: 'Notificación marcada como leída',
  todasLeidas: 'Todas las notificaciones están marcadas como leídas',
  preferenciasGuardadas: 'Preferencias guardadas',
  marcarTodas: 'Marcar todas como leídas',
  verTodas: 'Ver todas',
  resumenDiario: 'Recibir un resumen diario por correo',
  resumenDescripcion: (correo: string) => `Un correo por día a ${correo} con las notificaciones sin leer.`,
  resumenSinCorreo: 'El servidor no tiene configurado el envío de correos: el resumen diario no se enviará.',
} as const;

/** How the bell names itself for a screen reader: 'Notificaciones, 3 sin leer'. */
export const notificacionesBellLabel = (noLeidas: number) =>
  noLeidas === 0 ? 'Notificaciones, ninguna sin leer' : `Notificaciones, ${noLeidas} sin leer`;

/** A task due this many days ago or less still gets its 'vencida' item (a node down on its due day). */
export const NOTIFICACION_TAREA_VENCIDA_DIAS = 7;
/** Items in the bell's dropdown. */
export const NOTIFICACIONES_RECIENTES = 8;
/** The bell asks again this often while the app is open. */
export const NOTIFICACIONES_POLL_MS = 60_000;

export const notificacionResponse = z.object({
  id: z.number(),
  tipo: z.enum(Object.keys(NOTIFICACION_TIPOS) as [NotificacionTipo, ...NotificacionTipo[]]),
  /** The item's own words: the task's text, the rule's name, the analyst's name. */
  texto: z.string(),
  /** The date the item is about (a task's or a deadline's end), when it has one. */
  fecha: z.string().nullable(),
  id_caso: z.number().nullable(),
  reclamo_nro: z.string().nullable(),
  id_tarea: z.number().nullable(),
  /** Who caused it (a username), when a person did. */
  autor: z.string().nullable(),
  /** UTC, ISO 8601. */
  creada: z.string(),
  leida: z.string().nullable(),
});
export type Notificacion = z.infer<typeof notificacionResponse>;

export const notificacionesQuery = pagingQuery.extend({
  /** 1: only the unread ones. */
  no_leidas: z.enum(['0', '1'], { error: 'Debe ser 0 o 1' }).default('0'),
});
export type NotificacionesQuery = z.infer<typeof notificacionesQuery>;

export const notificacionesPageResponse = z.object({
  data: z.array(notificacionResponse),
  total: z.number(),
  totalPages: z.number(),
  /** The user's unread items, whatever the page. */
  no_leidas: z.number(),
});
export type NotificacionesPage = z.infer<typeof notificacionesPageResponse>;

export const notificacionLeidaResponse = z.object({ message: z.string(), no_leidas: z.number() });

export const notificacionPreferenciasSchema = z.strictObject({
  resumen_diario: z.boolean({ error: 'Debe ser verdadero o falso' }),
});
export type NotificacionPreferenciasInput = z.infer<typeof notificacionPreferenciasSchema>;

export const notificacionPreferenciasResponse = z.object({
  resumen_diario: z.boolean(),
  /** Where the digest goes: the user's username, an e-mail. */
  correo: z.string(),
  /** The server has SMTP settings (SMTP_HOST): without them no digest is sent. */
  correo_configurado: z.boolean(),
});
export type NotificacionPreferencias = z.infer<typeof notificacionPreferenciasResponse>;
export const notificacionPreferenciasSavedResponse = withMessage(notificacionPreferenciasResponse);

/** The title of an item: a task due before `today` reads 'Tarea vencida'. */
export function notificacionTitulo(item: Pick<Notificacion, 'tipo' | 'fecha'>, today: string): string {
  if (item.tipo === 'tarea_vence' && item.fecha && item.fecha < today) return 'Tarea vencida';
  return NOTIFICACION_TIPOS[item.tipo];
}

/** The item's detail line, as the bell, the page and the e-mail show it. */
export function notificacionDetalle(item: Pick<Notificacion, 'tipo' | 'texto' | 'fecha' | 'reclamo_nro'>): string {
  const caso = item.reclamo_nro ? `Reclamo ${item.reclamo_nro}` : null;
  const parts =
    item.tipo === 'caso_asignado'
      ? [caso, `Analista: ${item.texto}`]
      : [caso, item.texto, item.fecha ? `vence ${formatDate(item.fecha)}` : null];
  return parts.filter(Boolean).join(' · ');
}

/** The digest e-mail (docs/decisions/050): subject and plain-text body, in Spanish. */
export const RESUMEN_CORREO = {
  asunto: (org: string, n: number) => `${org}: ${n === 1 ? '1 notificación sin leer' : `${n} notificaciones sin leer`}`,
  saludo: (nombre: string) => `Hola ${nombre}:`,
  intro: (n: number) => (n === 1 ? 'Tiene 1 notificación sin leer:' : `Tiene ${n} notificaciones sin leer:`),
  masItems: (n: number) => `… y ${n} más.`,
  enlace: (url: string) => `Véalas en ${url}`,
  pie: 'Recibe este correo porque activó el resumen diario en Notificaciones. Puede desactivarlo allí.',
} as const;
/** At most this many items are listed in one e-mail; the rest are counted. */
export const RESUMEN_MAX_ITEMS = 50;
