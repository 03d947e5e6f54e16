import { z } from 'zod';
import { isoDate, optional, positiveId, text, timeOfDay } from '../shared/fields';

export const AUDIENCIA_MESSAGES = {
  created: 'Audiencia creada exitosamente',
  updated: 'Audiencia actualizada exitosamente',
  historyCreated: 'Se creo el Audiencia',
  historyUpdated: 'Se actualizo informacion del Audiencia',
  total: 'Cantidad total de audiencias',
  notFound: 'La audiencia no existe',
} as const;
export const AUDIENCIA_LUGAR_LIST_MAX = 125;
export const AUDIENCIA_LUGAR_INPUT_MAX = 400;

/** Spec §5, Audiencia. `fechah` is the hearing date; `fecha` the day it was recorded. */
const audienciaFields = {
  fechah: isoDate,
  hora: timeOfDay,
  lugar: text(600, 1, 'La descripcion es requerida'),
  mediacion_nro: optional(z.string().trim().max(20, 'Debe tener maximo 20 caracteres')),
};

export const audienciaCreateSchema = z.strictObject({
  idCaso: z.unknown().optional(),
  ...audienciaFields,
  msg: z.unknown().optional(),
  fecha: z.unknown().optional(),
  usuario: z.unknown().optional(),
});
export const audienciaUpdateSchema = z.strictObject({
  id: positiveId.optional(),
  idCaso: z.unknown().optional(),
  id_caso: z.unknown().optional(),
  ...audienciaFields,
  msg: z.unknown().optional(),
  fecha: z.unknown().optional(),
  usuario: z.unknown().optional(),
});

const filterDate = z.string().trim().refine((value) => value === '' || isoDate.safeParse(value).success, 'La fecha debe tener el formato AAAA-MM-DD').optional().default('');
export const audienciaFiltroSchema = z.strictObject({
  audienciaNro: z.coerce.string().trim().max(20).optional().default(''),
  compania: z.coerce.string().trim().refine((value) => value === '' || /^\d{1,10}$/.test(value), 'Compañia invalida').optional().default(''),
  fechaDesde: filterDate,
  fechaHasta: filterDate,
});

export type Audiencia = {
  id: number;
  id_caso: number;
  fecha: string;
  fechah: string;
  hora: string;
  lugar: string;
  mediacion_nro: string | null;
  compania?: string | null;
};
