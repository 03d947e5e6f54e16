import { z } from 'zod';
import {
  editVersion,
  isoDate,
  optionalFilterDate,
  optionalFilterId,
  optionalFilterText,
  optionalText,
  pagingQuery,
  positiveId,
  text,
  timeOfDay,
} from '../shared/fields';
import { withMessage } from '../shared/responses';

export const AUDIENCIA_MESSAGES = {
  created: 'Audiencia creada exitosamente',
  updated: 'Audiencia actualizada exitosamente',
  historyCreated: 'Se creo el Audiencia',
  historyUpdated: 'Se actualizo informacion del Audiencia',
  total: 'Cantidad total de audiencias',
  empty: 'No hay datos disponibles.',
  notFound: 'La audiencia no existe',
  stale: 'La audiencia fue modificada por otra persona mientras usted la editaba. Recargue para ver sus cambios: lo que usted escribió se conserva.',
  lugarRequired: 'La descripcion es requerida',
} as const;
export const AUDIENCIA_LUGAR_LIST_MAX = 125;
export const AUDIENCIA_LUGAR_INPUT_MAX = 400;
export const AUDIENCIA_NRO_MAX = 20;

/** Spec §5, Audiencia. `fechah` is the hearing date; `fecha` the day it was recorded (set by the server). */
const audienciaFields = {
  fechah: isoDate,
  hora: timeOfDay,
  lugar: text(600, 1, AUDIENCIA_MESSAGES.lugarRequired),
  // Nullable; a number typed into the field is kept as text ('' and blanks mean none).
  mediacion_nro: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), optionalText(AUDIENCIA_NRO_MAX)),
};

/** The spec's client also sends these; the case comes from the path and the rest from the server. */
const compat = {
  idCaso: z.unknown().optional(),
  id_caso: z.unknown().optional(),
  msg: z.unknown().optional(),
  fecha: z.unknown().optional(),
  usuario: z.unknown().optional(),
  compania: z.unknown().optional(),
};

export const audienciaCreateSchema = z.strictObject({ ...audienciaFields, ...compat });
/** An edit: a field left out is left as it is; `version` is the one read (docs/decisions/074). */
export const audienciaUpdateSchema = z.strictObject({ id: positiveId.optional(), version: editVersion, ...audienciaFields, ...compat }).partial();
export type AudienciaInput = z.infer<typeof audienciaCreateSchema>;
export type AudienciaUpdateInput = z.infer<typeof audienciaUpdateSchema>;

/** Spec §7, POST /mediacion/filter: empty values mean "any". */
export const audienciaFiltroSchema = z.strictObject({
  audienciaNro: optionalFilterText(AUDIENCIA_NRO_MAX),
  compania: optionalFilterId,
  fechaDesde: optionalFilterDate,
  fechaHasta: optionalFilterDate,
});
export type AudienciaFiltro = z.infer<typeof audienciaFiltroSchema>;

/**
 * The hearings as an agenda: `proximas` from today on, soonest first; `pasadas` before today, latest
 * first. Without it the lists keep the spec's order, newest date first.
 */
export const AUDIENCIA_AGENDA = { proximas: 'Próximas', pasadas: 'Pasadas' } as const;
export type AudienciaAgenda = keyof typeof AUDIENCIA_AGENDA;
export const audienciasQuery = pagingQuery.extend({
  cuando: z
    .enum(Object.keys(AUDIENCIA_AGENDA) as [AudienciaAgenda, ...AudienciaAgenda[]], { error: 'Debe ser proximas o pasadas' })
    .optional(),
});
export type AudienciasQuery = z.infer<typeof audienciasQuery>;

export const audienciaResponse = z.object({
  id: z.number(),
  version: z.number(),
  id_caso: z.number(),
  fecha: z.string(),
  fechah: z.string(),
  /** HH:MM:SS (show with formatTime). */
  hora: z.string(),
  lugar: z.string(),
  mediacion_nro: z.string().nullable(),
  /** Company name of the case (the hearing lists carry it). */
  compania: z.string().nullable().optional(),
  /** The case's claim number (the hearing lists carry it). */
  reclamo_nro: z.string().nullable().optional(),
});
export type Audiencia = z.infer<typeof audienciaResponse>;
export const audienciaListResponse = z.array(audienciaResponse);
export const audienciaSavedResponse = withMessage(audienciaResponse);

/** GET /mediacion/?page&pageSize. */
export const audienciasPageResponse = z.object({ data: z.array(audienciaResponse), totalPages: z.number(), total: z.number() });
export type AudienciasPage = z.infer<typeof audienciasPageResponse>;
/** POST /mediacion/filter/?page&pageSize (the spec's field names differ from the unfiltered list). */
export const audienciasFiltradasResponse = z.object({ data: z.array(audienciaResponse), totalPage: z.number(), total: z.number() });
export type AudienciasFiltradas = z.infer<typeof audienciasFiltradasResponse>;
