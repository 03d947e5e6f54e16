import { z } from 'zod';
import { addDiasHabiles, addMonthsIso, diaHabilDesde, weekdayIso } from '../shared/dias-habiles';
import { isoDate, pagingQuery, positiveId, text } from '../shared/fields';
import { addDaysIso, formatDate } from '../shared/format';
import { withMessage } from '../shared/responses';

/** Issue 18 item 2, the Diario: tasks with a due date on a case (docs/decisions/043). */
export const TAREA_TEXTO_MAX = 500;

export const TAREA_MESSAGES = {
  created: 'Tarea creada',
  done: 'Tarea completada',
  reassigned: 'Tarea reasignada',
  notFound: 'La tarea no existe',
  textoRequired: 'Escriba la tarea',
  usuarioInvalido: 'El usuario asignado no existe o no puede tener tareas',
  alreadyDone: 'La tarea ya está completada',
  sameUser: 'La tarea ya está asignada a ese usuario',
  venceRequired: 'Indique el vencimiento',
  empty: 'No hay tareas.',
  emptyCaso: 'El caso no tiene tareas abiertas.',
} as const;

/** The history row of each change (the case's Historial). */
export const TAREA_HISTORIA = {
  created: (texto: string, usuario: string, vence: string) => `Nueva tarea para ${usuario}, vence ${formatDate(vence)}: ${texto}`,
  done: (texto: string) => `Tarea completada: ${texto}`,
  reassigned: (texto: string, usuario: string) => `Tarea reasignada a ${usuario}: ${texto}`,
  autoClosed: (texto: string) => `Tarea cerrada por el sistema: ${texto}`,
} as const;

/** Who made the task: a person, or the system when something happened on the case. */
export const TAREA_ORIGEN = {
  manual: 'Manual',
  audiencia: 'Audiencia',
  inspeccion: 'Inspección',
  documentacion: 'Documentación',
  aprobacion: 'Aprobación',
  portal: 'Portal del reclamante',
} as const;
export type TareaOrigen = keyof typeof TAREA_ORIGEN;

/** What the system writes (docs/decisions/043). */
export const TAREA_TEXTO_SISTEMA = {
  audiencia: (fecha: string, hora: string, lugar: string) =>
    `Recordatorio: audiencia de mediación el ${formatDate(fecha)} ${hora.slice(0, 5)} en ${lugar}`.slice(0, TAREA_TEXTO_MAX),
  inspeccion: (fecha: string) => `Seguimiento: la inspección del ${formatDate(fecha)} sigue sin cerrar`,
  documentacion: (dias: number) => `Reclamar documentación: el caso lleva ${dias} días o más en Pendiente Documentación`,
} as const;

/** The follow-up of an inspection not closed this many working days after its date. */
export const TAREA_INSPECCION_DIAS_HABILES = 2;
/** Default days in Pendiente Documentación before a chase task (TAREA_DOCUMENTACION_DIAS). */
export const TAREA_DOCUMENTACION_DIAS = 10;

/** 'Nueva tarea' presets: a working day is always chosen (a weekend or holiday moves to the next one). */
export const TAREA_PRESETS = [
  { key: 'manana', label: 'Mañana' },
  { key: 'semana', label: '1 semana' },
  { key: 'dos_semanas', label: '2 semanas' },
  { key: 'mes', label: '1 mes' },
] as const;
export type TareaPreset = (typeof TAREA_PRESETS)[number]['key'];

export function vencePreset(today: string, preset: TareaPreset): string {
  switch (preset) {
    case 'manana':
      return addDiasHabiles(today, 1);
    case 'semana':
      return diaHabilDesde(addDaysIso(today, 7));
    case 'dos_semanas':
      return diaHabilDesde(addDaysIso(today, 14));
    case 'mes':
      return diaHabilDesde(addMonthsIso(today, 1));
  }
}

/** 'Mis tareas' tabs. 'Esta semana' runs from today to Sunday. */
export const TAREA_VISTAS = { vencidas: 'Vencidas', hoy: 'Hoy', semana: 'Esta semana', todas: 'Todas' } as const;
export type TareaVista = keyof typeof TAREA_VISTAS;

/** The Sunday that ends the week of `today` (today itself on a Sunday). */
export const finDeSemanaIso = (today: string) => addDaysIso(today, (7 - weekdayIso(today)) % 7);

export const tareaCreateSchema = z.strictObject({
  texto: text(TAREA_TEXTO_MAX, 1, TAREA_MESSAGES.textoRequired),
  vence: z.string({ error: TAREA_MESSAGES.venceRequired }).pipe(isoDate),
  id_usuario: positiveId,
});
export type TareaInput = z.infer<typeof tareaCreateSchema>;

export const tareaAsignarSchema = z.strictObject({ id_usuario: positiveId });

export const tareasQuery = pagingQuery.extend({
  vista: z
    .enum(Object.keys(TAREA_VISTAS) as [TareaVista, ...TareaVista[]], { error: 'Debe ser vencidas, hoy, semana o todas' })
    .default('todas'),
  /** 1: everyone's tasks (the team), else only the signed-in user's. */
  equipo: z.enum(['0', '1'], { error: 'Debe ser 0 o 1' }).default('0'),
  /** With equipo=1: only this user's tasks (the Tablero's overdue tasks of one user). */
  usuario: positiveId.optional(),
});
export type TareasQuery = z.infer<typeof tareasQuery>;

export const tareaResponse = z.object({
  id: z.number(),
  id_caso: z.number(),
  reclamo_nro: z.string().nullable(),
  texto: z.string(),
  vence: z.string(),
  id_usuario: z.number(),
  /** Apellido, Nombre of the assignee. */
  usuario: z.string(),
  origen: z.string(),
  creado_por: z.string(),
  /** UTC, ISO 8601. */
  creado: z.string(),
  hecha: z.string().nullable(),
  hecha_por: z.string().nullable(),
});
export type Tarea = z.infer<typeof tareaResponse>;
export const tareaListResponse = z.array(tareaResponse);
export const tareaSavedResponse = withMessage(tareaResponse);

export const tareaContadoresResponse = z.object({ vencidas: z.number(), hoy: z.number(), semana: z.number(), todas: z.number() });
export type TareaContadores = z.infer<typeof tareaContadoresResponse>;
export const tareasPageResponse = z.object({
  data: z.array(tareaResponse),
  total: z.number(),
  totalPages: z.number(),
  contadores: tareaContadoresResponse,
});
export type TareasPage = z.infer<typeof tareasPageResponse>;

/** The people a task can go to: active Admins and Users. */
export const tareaAsignableResponse = z.object({
  id: z.number(),
  nombre: z.string(),
  /** The signed-in user. */ yo: z.boolean().optional(),
});
export const tareaAsignablesResponse = z.array(tareaAsignableResponse);
export type TareaAsignable = z.infer<typeof tareaAsignableResponse>;
