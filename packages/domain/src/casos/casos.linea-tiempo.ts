import { z } from 'zod';

/**
 * The case's Línea de tiempo (issue 44 item 3, docs/decisions/098): every kind of event of a case
 * on one strip, newest first, paged by a keyset cursor. The order of the kinds breaks ties between
 * events of the same instant and is part of the cursor, so it must not change.
 */
export const LINEA_TIPOS = ['mensaje', 'estado', 'cambio', 'documento', 'inspeccion', 'audiencia', 'lesionado', 'tarea'] as const;
export type LineaTipo = (typeof LINEA_TIPOS)[number];

/** Each item's badge. */
export const LINEA_TIPO_NOMBRE: Record<LineaTipo, string> = {
  mensaje: 'Mensaje',
  estado: 'Estado',
  cambio: 'Cambio',
  documento: 'Documento',
  inspeccion: 'Inspección',
  audiencia: 'Audiencia',
  lesionado: 'Lesionado',
  tarea: 'Tarea',
};

/** The filter's chips. */
export const LINEA_TIPO_LABEL: Record<LineaTipo, string> = {
  mensaje: 'Mensajes',
  estado: 'Estados',
  cambio: 'Cambios',
  documento: 'Documentos',
  inspeccion: 'Inspecciones',
  audiencia: 'Audiencias',
  lesionado: 'Lesionados',
  tarea: 'Tareas',
};

export const LINEA_PAGE_SIZE = 50;
export const LINEA_MAX_PAGE_SIZE = 200;

export const LINEA_MESSAGES = {
  title: 'Línea de tiempo',
  show: 'Mostrar línea de tiempo',
  hide: 'Ocultar línea de tiempo',
  empty: 'No hay eventos para mostrar.',
  more: 'Ver más',
  loadError: 'No se pudo cargar la línea de tiempo',
  badCursor: 'El cursor de la línea de tiempo no es válido',
  badTipos: 'Los tipos de la línea de tiempo no son válidos',
  badLimit: `El tamaño de página debe ser un número entero entre 1 y ${LINEA_MAX_PAGE_SIZE}`,
} as const;

/** Where a page ends: the last event's instant in microseconds since 1970 (exact, unlike a JS Date), its kind and id. */
const cursorSchema = z.strictObject({
  t: z.string().regex(/^-?\d{1,17}$/),
  k: z.number().int().min(0).max(LINEA_TIPOS.length - 1),
  id: z.number().int().min(1).max(2_147_483_647),
});
export type LineaCursor = { t: string; k: number; id: number };

export function encodeLineaCursor(cursor: LineaCursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor back from its text; null for anything this module did not write. */
export function decodeLineaCursor(text: string): LineaCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/'))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const lineaQuery = z.object({
  /** Kinds to show, comma separated; none: every kind. */
  tipos: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (!value) return [...LINEA_TIPOS];
      const tipos = [...new Set(value.split(','))];
      if (tipos.some((tipo) => !(LINEA_TIPOS as readonly string[]).includes(tipo))) {
        ctx.addIssue({ code: 'custom', message: LINEA_MESSAGES.badTipos });
        return z.NEVER;
      }
      return tipos as LineaTipo[];
    }),
  cursor: z
    .string()
    .max(200, LINEA_MESSAGES.badCursor)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const cursor = decodeLineaCursor(value);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: LINEA_MESSAGES.badCursor });
        return z.NEVER;
      }
      return cursor;
    }),
  limite: z.coerce
    .number({ error: LINEA_MESSAGES.badLimit })
    .int(LINEA_MESSAGES.badLimit)
    .min(1, LINEA_MESSAGES.badLimit)
    .max(LINEA_MAX_PAGE_SIZE, LINEA_MESSAGES.badLimit)
    .default(LINEA_PAGE_SIZE),
});
export type LineaQuery = z.infer<typeof lineaQuery>;

export const lineaCambioSchema = z.object({ campo: z.string(), antes: z.unknown(), despues: z.unknown() });

export const lineaItemSchema = z.object({
  tipo: z.enum(LINEA_TIPOS),
  /** The row's id in its own table (a message, an audit row, a document...). */
  id: z.number(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  /** Inspections and hearings are dated by day only. */
  solo_fecha: z.boolean(),
  usuario: z.string().nullable(),
  texto: z.string(),
  /** A status change's or a field change's `{campo, antes, despues}`, from the audit log. */
  cambios: z.array(lineaCambioSchema),
});
export type LineaItem = z.infer<typeof lineaItemSchema>;

export const lineaResponse = z.object({
  items: z.array(lineaItemSchema),
  /** The next (older) page's cursor; null on the last page. */
  siguiente: z.string().nullable(),
});
export type LineaResponse = z.infer<typeof lineaResponse>;
