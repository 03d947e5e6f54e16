import { z } from 'zod';
import { positiveId, text, MSG_INTEGER } from '../shared/fields';

export const LESIONADO_MESSAGES = {
  created: 'Lesionado creado exitosamente',
  updated: 'analista actualizado exitosamente',
  history: 'Se creo el Lesionado',
  empty: 'No hay datos disponibles.',
  notFound: 'El lesionado no existe',
} as const;

/** Spec §5, Lesionado. */
const lesionadoFields = {
  apellido: text(50, 1, 'El apellido es requerido'),
  nombre: text(50, 1, 'El nombre es requerido'),
  id_tipo_doc: z.coerce.number({ error: 'Debe seleccionar un tipo de documento' }).int(MSG_INTEGER).min(1, 'Debe seleccionar un tipo de documento'),
  nro_doc: text(50, 1, 'El numero de documento es requerido'),
};

export const lesionadoCreateSchema = z.strictObject({
  ...lesionadoFields,
  idCaso: z.unknown().optional(),
  msg: z.unknown().optional(),
  usuario: z.unknown().optional(),
  fecha: z.unknown().optional(),
});
export const lesionadoUpdateSchema = z.strictObject({ id: positiveId.optional(), ...lesionadoFields });

export type Lesionado = { id: number; id_caso: number; apellido: string; nombre: string; id_tipo_doc: number; nro_doc: string; tipo_doc?: string };
