import { z } from 'zod';
import { positiveId } from '../shared/fields';

/** Routing (issue 41 item 3, docs/decisions/083): the Admin's rules and the office's settings. */
export const ASIGNACION_MESSAGES = {
  title: 'Asignación de casos',
  reglas: 'Reglas de asignación',
  reglasDescripcion:
    'Un caso nuevo sin analista recibe el analista de la regla más específica que coincide con su compañía y producto (compañía y producto, luego compañía, luego producto). Si el analista de la regla está ausente, se usa la siguiente.',
  reparto: 'Repartir automáticamente entre los analistas disponibles',
  repartoDescripcion:
    'Si ninguna regla coincide, el caso va al analista disponible (con usuario activo) que tenga menos casos abiertos.',
  respaldo: 'Usuario de respaldo',
  respaldoDescripcion:
    'Recibe las tareas y avisos automáticos de los casos sin analista (o cuyo analista no tiene usuario activo). Sin respaldo, los recibe quien creó el caso.',
  reglaCreada: 'Regla creada',
  reglaEliminada: 'Regla eliminada',
  ajustesGuardados: 'Ajustes de asignación guardados',
  reglaSinCriterio: 'Indique la compañía, el producto o ambos',
  reglaDuplicada: 'Ya existe una regla para esa compañía y producto',
  reglaNotFound: 'La regla no existe',
  analistaNotFound: 'El analista no existe',
  companiaNotFound: 'La compañía no existe',
  productoNotFound: 'El producto no existe',
  respaldoInvalido: 'El usuario de respaldo debe ser un usuario Admin o User activo',
  cualquiera: 'Cualquiera',
  /** History rows of a new case given its analyst by the routing. */
  history: {
    porRegla: (analista: string) => `Se asigna automáticamente el analista ${analista} (regla de asignación)`,
    porReparto: (analista: string) => `Se asigna automáticamente el analista ${analista} (reparto por carga)`,
  },
} as const;

const optionalId = z.preprocess((value) => (value === '' ? null : value), positiveId.nullish());

/** POST /asignacion/reglas. */
export const reglaAsignacionSchema = z
  .strictObject({ id_compania: optionalId, id_producto: optionalId, id_analista: positiveId })
  .refine((regla) => Boolean(regla.id_compania || regla.id_producto), { message: ASIGNACION_MESSAGES.reglaSinCriterio, path: ['id_compania'] });
export type ReglaAsignacionInput = z.infer<typeof reglaAsignacionSchema>;

export const reglaAsignacionResponse = z.object({
  id: z.number(),
  id_compania: z.number().nullable(),
  compania: z.string().nullable(),
  id_producto: z.number().nullable(),
  producto: z.string().nullable(),
  id_analista: z.number(),
  analista: z.string(),
  /** The rule's analyst is away: the rule is skipped meanwhile. */
  disponible: z.boolean(),
});
export type ReglaAsignacion = z.infer<typeof reglaAsignacionResponse>;
export const reglasAsignacionResponse = z.array(reglaAsignacionResponse);
export const reglaAsignacionSavedResponse = z.object({ message: z.string(), data: reglaAsignacionResponse });

/** PATCH /asignacion/ajustes: both fields (the form shows both). */
export const ajustesAsignacionSchema = z.strictObject({
  id_usuario_respaldo: optionalId,
  reparto_automatico: z.boolean({ error: 'Debe ser verdadero o falso' }),
});
export type AjustesAsignacionInput = z.infer<typeof ajustesAsignacionSchema>;
export const ajustesAsignacionResponse = z.object({
  id_usuario_respaldo: z.number().nullable(),
  reparto_automatico: z.boolean(),
});
export type AjustesAsignacion = z.infer<typeof ajustesAsignacionResponse>;
export const ajustesAsignacionSavedResponse = ajustesAsignacionResponse.extend({ message: z.string() });
