import { z } from 'zod';
import { editVersion, isoDate, optional, optionalFilterDate, optionalFilterId, positiveId, text, timeOfDay, MSG_TWO_DECIMALS, TWO_DECIMALS_RE } from '../shared/fields';
import { decimalString, withMessage } from '../shared/responses';

export const INSPECCION_ESTADOS = { COORDINADA: 'Coordinada', LICITANDO: 'Licitando', FINALIZADA: 'Finalizada' } as const;
export type InspeccionEstado = (typeof INSPECCION_ESTADOS)[keyof typeof INSPECCION_ESTADOS];
/** States an inspection is still waiting in (spec §2, My inspections: the open-detail action). */
export const INSPECCION_PENDING_ESTADOS = [INSPECCION_ESTADOS.COORDINADA, INSPECCION_ESTADOS.LICITANDO] as const;
/** The list filter's value for every pending state at once (the Tablero's 'Inspecciones pendientes'). */
export const INSPECCION_FILTRO_PENDIENTE = 'Pendiente';
export const INSPECCION_FILTER_ESTADOS = [INSPECCION_ESTADOS.COORDINADA, INSPECCION_ESTADOS.FINALIZADA, INSPECCION_FILTRO_PENDIENTE] as const;
export const isInspeccionPending = (estado: string) => (INSPECCION_PENDING_ESTADOS as readonly string[]).includes(estado);

/** On-screen limits (spec §9) are narrower than the API's (spec §5). */
export const INSPECCION_INPUT_LIMITS = { direccion: 50, detalle: 200 } as const;
export const INSPECCION_RESULTADO_LIST_MAX = 150;
export const INSPECCION_RESULTADO_MAX = 600;

/** The multipart parts of PATCH /inspeccion/d/{id} (decision 005). */
export const INSPECCION_CLOSE_FILE_FIELDS = ['inspeccion', 'cotizacion'] as const;
export type InspeccionCloseFileField = (typeof INSPECCION_CLOSE_FILE_FIELDS)[number];

export const INSPECCION_MESSAGES = {
  scheduled: 'Se agendo inspeccion',
  edited: 'Se modifico la inspeccion',
  stale: 'La inspección fue modificada por otra persona mientras usted la editaba. Recargue para ver sus cambios: lo que usted escribió se conserva.',
  deleted: 'Inspeccion eliminada exitosamente',
  deletedHistory: 'Se elimino la inspeccion',
  inspectorChanged: 'Se modifico el inspector',
  inspectorUpdated: 'Inspector Actualizado exitosamente',
  closed: 'Inspeccion actualizada',
  closeHistory: 'Inspeccion Finalizada, se avanza Caso a Analisis',
  /** Asked (and required by the server) when the close comes before the scheduled date. */
  confirmEarlyClose: (fecha: string) => `La inspeccion está agendada para el ${fecha}. ¿Confirma finalizarla antes de esa fecha?`,
  earlyCloseHistory: (fecha: string) =>
    `Inspeccion Finalizada antes de la fecha agendada (${fecha}), confirmado; se avanza Caso a Analisis`,
  empty: 'No hay inspecciones asignadas',
  total: 'Cantidad total de inspecciones',
  listEmpty: 'No hay inspecciones',
  notLinked: 'Su usuario no tiene un inspector asignado',
  noResult: 'Sin resultado',
  notFound: 'La inspeccion no existe',
  inspectorNotFound: 'El inspector no existe',
  inspectorRequired: 'Debe seleccionar un inspector',
  notCoordinada: 'Solo se puede reasignar una inspeccion Coordinada',
  alreadyClosed: 'La inspeccion ya fue finalizada',
  cannotDelete: 'No se puede eliminar una inspeccion Finalizada',
  cannotEdit: 'No se puede modificar una inspeccion Finalizada',
  casoNotCoordinating: 'Solo se puede agendar una inspeccion en un caso en Coordinar Inspección',
  casoHasPending: 'El caso ya tiene una inspeccion pendiente',
  casoNotWaiting: 'El caso no esta en Coordinar Inspección: no se puede finalizar la inspeccion',
  filesRequired: 'Debe adjuntar la Doc de la Inspeccion y la Cotizacion',
  docRequired: 'Debe adjuntar la Doc de la Inspeccion',
  fileRepeated: 'Se envio mas de un archivo para el mismo documento',
  noResultado: 'No se cargo un detalle del resultado de la inspeccion',
  noCotizacion: 'No hay cotizacion',
  montoRequired: 'Debe ingresar el monto de la inspeccion',
  montoNegative: 'El monto debe ser mayor o igual a 0',
} as const;

/** Ignored on the server (the case comes from the path or the inspection, the user from the session). */
const compat = {
  id: z.unknown().optional(),
  id_caso: z.unknown().optional(),
  estado: z.unknown().optional(),
  msg: z.unknown().optional(),
  fecha: z.unknown().optional(),
  usuario: z.unknown().optional(),
};

const inspectorId = z.coerce
  .number({ error: INSPECCION_MESSAGES.inspectorRequired })
  .int(INSPECCION_MESSAGES.inspectorRequired)
  .min(1, INSPECCION_MESSAGES.inspectorRequired)
  .max(2_147_483_647, INSPECCION_MESSAGES.inspectorRequired);

/** Spec §5, inspection scheduling (also the edit). */
/** Schedule and edit; `version`, on an edit, is the one read (docs/decisions/074), ignored on scheduling. */
export const inspeccionSchema = z.strictObject({
  version: editVersion,
  id_inspector: inspectorId,
  fecha_inspeccion: isoDate,
  /**
   * The hour agreed for the visit, HH:MM (issue 43, docs/decisions/086): missing, null or '' is "no hour";
   * an edit that leaves it out keeps the one stored (decision 074).
   */
  hora_inspeccion: optional(timeOfDay),
  direccion: text(400, 1, 'La dirección es requerida'),
  detalle: text(1500, 1, 'El detalle es requerido'),
  ...compat,
});
export type InspeccionInput = z.infer<typeof inspeccionSchema>;

export const inspeccionDeleteSchema = z.strictObject({
  id_caso: positiveId.optional(),
  usuario: z.unknown().optional(),
  fecha: z.unknown().optional(),
});

/** Spec §7, PATCH /inspeccion/update_inspector/{id} {caso, inspector, user, msg, fecha}. */
export const updateInspectorSchema = z.strictObject({
  inspector: inspectorId,
  caso: z.unknown().optional(),
  user: z.unknown().optional(),
  msg: z.unknown().optional(),
  fecha: z.unknown().optional(),
});

/** Spec §5: an amount >= 0 with at most two decimals, sent as a form field. */
const montoInspeccion = z
  .union([z.string(), z.number()], { error: INSPECCION_MESSAGES.montoRequired })
  .transform((value) => String(value).trim())
  .superRefine((value, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', message });
    if (value === '') return fail(INSPECCION_MESSAGES.montoRequired);
    if (/^-/.test(value) && Number.isFinite(Number(value))) return fail(INSPECCION_MESSAGES.montoNegative);
    if (!TWO_DECIMALS_RE.test(value)) return fail(MSG_TWO_DECIMALS);
    if (Number(value) >= 1e13) return fail('El valor es demasiado grande');
  });

/** Spec §5, inspection close: the form fields besides the two files. */
export const inspeccionCloseSchema = z.object({
  resultado: z
    .string({ error: INSPECCION_MESSAGES.noResultado })
    .trim()
    .min(1, INSPECCION_MESSAGES.noResultado)
    .max(INSPECCION_RESULTADO_MAX, `Debe tener maximo ${INSPECCION_RESULTADO_MAX} caracteres`),
  monto_inspeccion: montoInspeccion,
});
export type InspeccionCloseInput = z.infer<typeof inspeccionCloseSchema>;

/** The close's multipart field that confirms a close before the scheduled date ('true'). */
export const INSPECCION_EARLY_CLOSE_FIELD = 'confirma_anticipada';

/** Spec §7, POST /inspeccion/filtro: empty values mean "any". */
export const inspeccionFiltroSchema = z.strictObject({
  nroCaso: optionalFilterId,
  nroInspeccion: optionalFilterId,
  estado: z.preprocess(
    (value) => value ?? '',
    z.union(
      [
        z.literal(''),
        z.enum([INSPECCION_ESTADOS.COORDINADA, INSPECCION_ESTADOS.LICITANDO, INSPECCION_ESTADOS.FINALIZADA, INSPECCION_FILTRO_PENDIENTE]),
      ],
      { error: 'Estado invalido' },
    ),
  ),
  inspector: optionalFilterId,
  producto: optionalFilterId,
  fechaDesde: optionalFilterDate,
  fechaHasta: optionalFilterDate,
});
export type InspeccionFiltro = z.infer<typeof inspeccionFiltroSchema>;

/** One inspection as every inspection list and the detail return it. */
export const inspeccionResponse = z.object({
  id: z.number(),
  version: z.number(),
  id_caso: z.number(),
  id_inspector: z.number(),
  fecha_inspeccion: z.string(),
  /** HH:MM:SS, or null when no hour was agreed (show with formatTime). */
  hora_inspeccion: z.string().nullable(),
  direccion: z.string(),
  detalle: z.string(),
  resultado: z.string().nullable(),
  /** Null until closed. */
  monto_inspeccion: decimalString.nullable(),
  fecha_cierre: z.string().nullable(),
  estado: z.enum([INSPECCION_ESTADOS.COORDINADA, INSPECCION_ESTADOS.LICITANDO, INSPECCION_ESTADOS.FINALIZADA]),
  inspector_nombre: z.string().optional(),
  inspector_apellido: z.string().optional(),
  /** Product name of the case. */
  producto: z.string().nullable().optional(),
});
export type Inspeccion = z.infer<typeof inspeccionResponse>;
/** Schedule, edit, reassign and close answer with the inspection as saved. */
export const inspeccionSavedResponse = withMessage(inspeccionResponse);

/** GET /inspeccion/all/?page&pageSize. */
export const inspeccionesPageResponse = z.object({ inspecciones: z.array(inspeccionResponse), totalPages: z.number(), totalCount: z.number() });
export type InspeccionesPage = z.infer<typeof inspeccionesPageResponse>;
/** POST /inspeccion/filtro/?page&pageSize (the spec's field names differ from the unfiltered list). */
export const inspeccionesFiltradasResponse = z.object({ data: z.array(inspeccionResponse), totalPage: z.number(), totalCount: z.number() });
export type InspeccionesFiltradas = z.infer<typeof inspeccionesFiltradasResponse>;
/** GET /inspeccion/i/{id_inspect}: newest first, paged like every list. */
export const inspeccionesDelInspectorResponse = z.object({ data: z.array(inspeccionResponse), totalPages: z.number(), totalCount: z.number() });
export type InspeccionesDelInspector = z.infer<typeof inspeccionesDelInspectorResponse>;
