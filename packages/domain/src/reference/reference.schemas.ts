import { z } from 'zod';
import { positiveId } from '../shared/fields';
import { savedResponse } from '../shared/responses';

export const MSG_NOMBRE_REQUIRED = 'El nombre es requerido';
export const MSG_APELLIDO_REQUIRED = 'El apellido es requerido';

const nombre = z
  .string({ error: MSG_NOMBRE_REQUIRED })
  .trim()
  .min(1, MSG_NOMBRE_REQUIRED)
  .max(100, 'Debe tener maximo 100 caracteres');
const apellido = z
  .string({ error: MSG_APELLIDO_REQUIRED })
  .trim()
  .min(1, MSG_APELLIDO_REQUIRED)
  .max(100, 'Debe tener maximo 100 caracteres');

/** POST /doc, /companias, /respo: {nombre}. */
export const nombreSchema = z.strictObject({ nombre });
export type NombreInput = z.infer<typeof nombreSchema>;

/** {id, nombre} inside the PATCH bodies of /doc/t and /companias/t; /respo/t sends it bare. */
export const lookupSchema = z.strictObject({ id: positiveId.optional(), nombre });

export const docUpdateSchema = z.strictObject({ doc: lookupSchema });
export const companiaUpdateSchema = z.strictObject({ compania: lookupSchema });
export const respoUpdateSchema = lookupSchema;

export const ANALISTA_MESSAGES = {
  usuarioNoExiste: 'El usuario indicado no existe',
  usuarioNoPuede: 'Solo un usuario Admin o User puede ser analista',
  /** The link is one-to-one (docs/decisions/083). */
  usuarioYaAnalista: (analista: string) => `El usuario ya es el analista ${analista}`,
  analistaConUsuario: (usuario: string) => `El analista ya está vinculado al usuario ${usuario}`,
  /** Two Admins linking the same user at once: the second finds the first's link. */
  usuarioVinculadoRecien: 'El usuario acaba de ser vinculado a otro analista; vuelva a cargar la pantalla',
  disponible: 'Disponible',
  ausente: 'Ausente',
  sinUsuario: 'Sin usuario',
} as const;

/**
 * POST /analistas, PATCH /analistas/{id}: the names, and (Admin) the user who is this analyst
 * (null: none) and whether they take new cases now (false: away). Left out: left as they are.
 */
export const analistaSchema = z.strictObject({
  id: positiveId.optional(),
  nombre,
  apellido,
  id_usuario: positiveId.nullable().optional(),
  disponible: z.boolean({ error: 'Debe ser verdadero o falso' }).optional(),
});
export type AnalistaInput = z.infer<typeof analistaSchema>;

/** An `{id, nombre}` list row: document types, companies, responsibilities, statuses, products. */
export const lookupResponse = z.object({ id: z.number(), nombre: z.string() });
export type Lookup = z.infer<typeof lookupResponse>;
export const personLookupResponse = z.object({ id: z.number(), nombre: z.string(), apellido: z.string() });
export type AnalistaLookup = z.infer<typeof personLookupResponse>;
export type InspectorLookup = z.infer<typeof personLookupResponse>;

export const lookupListResponse = z.array(lookupResponse);
export const personLookupListResponse = z.array(personLookupResponse);
export const lookupPageResponse = z.object({ data: z.array(lookupResponse), totalPages: z.number(), total: z.number() });
export const lookupSavedResponse = savedResponse(lookupResponse);
/** GET /analistas/abm: the Admin's list, with each analyst's user and availability. */
export const analistaAbmResponse = z.object({
  id: z.number(),
  nombre: z.string(),
  apellido: z.string(),
  id_usuario: z.number().nullable(),
  /** The linked user's username. */
  usuario: z.string().nullable(),
  disponible: z.boolean(),
});
export type AnalistaAbm = z.infer<typeof analistaAbmResponse>;
export const analistaAbmListResponse = z.array(analistaAbmResponse);
export const analistaSavedResponse = savedResponse(analistaAbmResponse);
