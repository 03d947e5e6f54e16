import { z } from 'zod';
import { isoDate, money, positiveId, text } from '../shared/fields';

export const INSPECCION_ESTADOS = { COORDINADA: 'Coordinada', LICITANDO: 'Licitando', FINALIZADA: 'Finalizada' } as const;
export type InspeccionEstado = (typeof INSPECCION_ESTADOS)[keyof typeof INSPECCION_ESTADOS];
export const INSPECCION_FILTER_ESTADOS = [INSPECCION_ESTADOS.COORDINADA, INSPECCION_ESTADOS.FINALIZADA] as const;

/** On-screen limits (spec §9) are narrower than the API's (spec §5). */
export const INSPECCION_INPUT_LIMITS = { direccion: 50, detalle: 200 } as const;
export const INSPECCION_RESULTADO_LIST_MAX = 150;

export const INSPECCION_MESSAGES = {
  scheduled: 'Se agendo inspeccion',
  edited: 'Se modifico la inspeccion',
  deleted: 'Inspeccion eliminada exitosamente',
  inspectorChanged: 'Se modifico el inspector',
  inspectorUpdated: 'Inspector Actualizado exitosamente',
  closed: 'Inspeccion actualizada',
  closeHistory: 'Inspeccion Finalizada, se avanza Caso a Analisis',
  empty: 'No hay inspecciones asignadas',
  noResult: 'Sin resultado',
  notFound: 'La inspeccion no existe',
  notCoordinada: 'Solo se puede reasignar una inspeccion Coordinada',
  alreadyClosed: 'La inspeccion ya fue finalizada',
  filesRequired: 'Debe adjuntar la Doc de la Inspeccion y la Cotizacion',
  noResultado: 'No se cargo un detalle del resultado de la inspeccion',
  noCotizacion: 'No hay cotizacion',
} as const;

/** Spec §5, inspection scheduling. */
export const inspeccionSchema = z.strictObject({
  id_inspector: z.coerce.number({ error: 'Debe seleccionar un inspector' }).int().min(1, 'Debe seleccionar un inspector'),
  fecha_inspeccion: isoDate,
  direccion: text(400, 1, 'La direccion es requerida'),
  detalle: text(1500, 1, 'El detalle es requerido'),
  msg: z.unknown().optional(),
  fecha: z.unknown().optional(),
  usuario: z.unknown().optional(),
});

export const inspeccionDeleteSchema = z.strictObject({
  id_caso: positiveId.optional(),
  usuario: z.unknown().optional(),
  fecha: z.unknown().optional(),
});

export const updateInspectorSchema = z.strictObject({
  inspector: positiveId,
  caso: z.unknown().optional(),
  user: z.unknown().optional(),
  msg: z.unknown().optional(),
  fecha: z.unknown().optional(),
});

/** Spec §5, inspection close (multipart fields besides the two files). */
export const inspeccionCloseSchema = z.strictObject({
  resultado: z.string({ error: INSPECCION_MESSAGES.noResultado }).trim().min(1, INSPECCION_MESSAGES.noResultado).max(600, 'Debe tener maximo 600 caracteres'),
  monto_inspeccion: money.refine((value) => Number(value) >= 0, 'El monto debe ser mayor o igual a 0'),
});

const filterDate = z.string().trim().refine((value) => value === '' || isoDate.safeParse(value).success, 'La fecha debe tener el formato AAAA-MM-DD').optional().default('');
const filterId = z.coerce.string().trim().refine((value) => value === '' || /^\d{1,10}$/.test(value), 'Solo se permiten numeros').optional().default('');
export const inspeccionFiltroSchema = z.strictObject({
  nroCaso: filterId,
  nroInspeccion: filterId,
  estado: z.union([z.literal(''), z.enum([INSPECCION_ESTADOS.COORDINADA, INSPECCION_ESTADOS.LICITANDO, INSPECCION_ESTADOS.FINALIZADA])]).optional().default(''),
  inspector: filterId,
  producto: filterId,
  fechaDesde: filterDate,
  fechaHasta: filterDate,
});

export type Inspeccion = {
  id: number;
  id_caso: number;
  id_inspector: number;
  fecha_inspeccion: string;
  direccion: string;
  detalle: string;
  resultado: string | null;
  monto_inspeccion: string | null;
  fecha_cierre: string | null;
  estado: InspeccionEstado;
  inspector_nombre?: string;
  inspector_apellido?: string;
  producto?: string | null;
};
