import { z } from 'zod';
import { editVersion, positiveId, text, MSG_INTEGER } from '../shared/fields';
import { withMessage } from '../shared/responses';

export const LESIONADO_MESSAGES = {
  created: 'Lesionado creado exitosamente',
  /** Spec §8 reuses the analyst text for the injured-person update. */
  updated: 'analista actualizado exitosamente',
  history: 'Se creo el Lesionado',
  historyUpdated: 'Se actualizo informacion del Lesionado',
  empty: 'No hay datos disponibles.',
  notFound: 'El lesionado no existe',
  stale: 'El lesionado fue modificado por otra persona mientras usted lo editaba. Recargue para ver sus cambios: lo que usted escribió se conserva.',
  tipoDocRequired: 'Debe seleccionar un tipo de documento',
} as const;

/** Spec §5, Lesionado. */
const lesionadoFields = {
  apellido: text(50, 1, 'El apellido es requerido'),
  nombre: text(50, 1, 'El nombre es requerido'),
  id_tipo_doc: z.coerce
    .number({ error: LESIONADO_MESSAGES.tipoDocRequired })
    .int(MSG_INTEGER)
    .min(1, LESIONADO_MESSAGES.tipoDocRequired)
    .max(2_147_483_647, MSG_INTEGER),
  nro_doc: text(50, 1, 'El numero de documento es requerido'),
};

/** The spec's client also sends these; the case comes from the path and the rest from the server. */
const compat = {
  idCaso: z.unknown().optional(),
  id_caso: z.unknown().optional(),
  msg: z.unknown().optional(),
  usuario: z.unknown().optional(),
  fecha: z.unknown().optional(),
};

export const lesionadoCreateSchema = z.strictObject({ ...lesionadoFields, ...compat });
/** An edit: a field left out is left as it is; `version` is the one read (docs/decisions/074). */
export const lesionadoUpdateSchema = z.strictObject({ id: positiveId.optional(), version: editVersion, ...lesionadoFields, ...compat }).partial();
export type LesionadoInput = z.infer<typeof lesionadoCreateSchema>;
export type LesionadoUpdateInput = z.infer<typeof lesionadoUpdateSchema>;

export const lesionadoResponse = z.object({
  id: z.number(),
  version: z.number(),
  id_caso: z.number(),
  apellido: z.string(),
  nombre: z.string(),
  id_tipo_doc: z.number(),
  nro_doc: z.string(),
  tipo_doc: z.string().nullable().optional(),
});
export type Lesionado = z.infer<typeof lesionadoResponse>;
export const lesionadoListResponse = z.array(lesionadoResponse);
export const lesionadoSavedResponse = withMessage(lesionadoResponse);
