import { z } from 'zod';
import { positiveId } from '../shared/fields';
import { casoFiltroCampos, plazoVencidoAcotado, PLAZO_VENCIDO_LARGO } from '../casos/casos.schemas';
import { COND_CASOS } from '../casos/casos.constants';

/** Saved views of the case list (issue 44 item 1, docs/decisions/096). */
export const VISTA_NOMBRE_MAX = 60;
/** How many views one user may keep. */
export const MAX_VISTAS_POR_USUARIO = 50;

/** Who may share a view with the team: the Admin decides (PATCH /vistas/ajustes). */
export const COMPARTIR_VISTAS = { ADMIN: 'admin', TODOS: 'todos' } as const;

export const VISTA_MESSAGES = {
  menu: 'Vistas',
  guardar: 'Guardar vista actual',
  administrar: 'Administrar vistas',
  propias: 'Mis vistas',
  compartidas: 'Compartidas',
  sinVistas: 'Todavía no hay vistas guardadas',
  nombre: 'Nombre de la vista',
  compartir: 'Compartir con el equipo',
  predeterminada: 'Abrir al entrar al listado',
  ninguna: 'Ninguna',
  todosComparten: 'Todos los usuarios pueden compartir vistas',
  creada: 'Vista guardada',
  actualizada: 'Vista actualizada',
  eliminada: 'Vista eliminada',
  predeterminadaGuardada: 'Vista predeterminada guardada',
  ajustesGuardados: 'Ajustes de vistas guardados',
  notFound: 'La vista no existe',
  soloLectura: 'La vista compartida es de solo lectura: solo quien la creó puede cambiarla',
  nombreRepetido: 'Ya tiene una vista con ese nombre',
  nombreVacio: 'Indique el nombre de la vista',
  nombreLargo: `El nombre debe tener como máximo ${VISTA_NOMBRE_MAX} caracteres`,
  demasiadas: `Puede guardar como máximo ${MAX_VISTAS_POR_USUARIO} vistas`,
  noPuedeCompartir: 'Solo el Admin puede compartir vistas',
} as const;

const nombre = z
  .string({ error: VISTA_MESSAGES.nombreVacio })
  .trim()
  .min(1, VISTA_MESSAGES.nombreVacio)
  .max(VISTA_NOMBRE_MAX, VISTA_MESSAGES.nombreLargo);

/** The stored state of the list: the list's own filter schema (the quick search is one of its fields); no export format. */
const vistaFiltroCampos = casoFiltroCampos.omit({ formato: true });
export const vistaFiltroSchema = vistaFiltroCampos.refine(plazoVencidoAcotado, PLAZO_VENCIDO_LARGO);
export type VistaFiltro = z.output<typeof vistaFiltroSchema>;
/**
 * A stored filter read back: fields added to the list's filter since it was saved take their
 * default ('' = any); a field the schema no longer accepts reads as its default, the rest stay.
 */
export function leerFiltroGuardado(stored: unknown): VistaFiltro {
  const whole = vistaFiltroSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const fields = (stored ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(vistaFiltroCampos.shape).map(([key, field]) => [key, field.safeParse(fields[key]).data ?? field.parse(undefined)]),
  ) as VistaFiltro;
}

/** The stored filter as answered: every field a string ('' = any), as the list's filter panel holds it. */
const vistaFiltroStored = z.object({
  ...(Object.fromEntries(Object.keys(vistaFiltroCampos.shape).map((key) => [key, z.string()])) as Record<keyof VistaFiltro, z.ZodString>),
  condCasos: z.enum([COND_CASOS.TODOS, COND_CASOS.VIGENTES, COND_CASOS.CERRADOS]),
});

/** POST /vistas. */
export const vistaCreateSchema = z.strictObject({
  nombre,
  compartida: z.boolean().default(false),
  filtro: vistaFiltroSchema,
});
export type VistaCreateInput = z.output<typeof vistaCreateSchema>;

/** PATCH /vistas/:id: rename or share/unshare one's own view. */
export const vistaUpdateSchema = z
  .strictObject({ nombre: nombre.optional(), compartida: z.boolean().optional() })
  .refine((body) => body.nombre !== undefined || body.compartida !== undefined, { message: 'Indique el nombre o si se comparte' });
export type VistaUpdateInput = z.output<typeof vistaUpdateSchema>;

/** PUT /vistas/predeterminada: the view the list opens with (null: none). */
export const vistaPredeterminadaSchema = z.strictObject({ id: positiveId.nullable() });

/** PATCH /vistas/ajustes (Admin). */
export const ajustesVistasSchema = z.strictObject({
  compartir: z.enum([COMPARTIR_VISTAS.ADMIN, COMPARTIR_VISTAS.TODOS]),
});
export type AjustesVistas = z.output<typeof ajustesVistasSchema>;

export const vistaResponse = z.object({
  id: z.number(),
  nombre: z.string(),
  compartida: z.boolean(),
  filtro: vistaFiltroStored,
  /** The caller made it (may rename, share, delete it). */
  propia: z.boolean(),
  /** Who made it ('Apellido Nombre'). */
  autor: z.string(),
  predeterminada: z.boolean(),
});
export type Vista = z.infer<typeof vistaResponse>;

/** GET /vistas: the caller's views and the team's shared ones, and whether the caller may share. */
export const vistasResponse = z.object({
  vistas: z.array(vistaResponse),
  puedeCompartir: z.boolean(),
  compartir: ajustesVistasSchema.shape.compartir,
});
export type Vistas = z.infer<typeof vistasResponse>;
export const vistaSavedResponse = z.object({ message: z.string(), data: vistaResponse });
export const ajustesVistasSavedResponse = ajustesVistasSchema.extend({ message: z.string() });
