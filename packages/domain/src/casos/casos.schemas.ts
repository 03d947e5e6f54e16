import { z } from 'zod';
import {
  editVersion,
  isoDate,
  mailList,
  optionalFilterDate,
  optionalFilterText,
  money,
  optional,
  optionalText,
  positiveId,
  text,
  timeOfDay,
  MSG_INTEGER,
  MSG_ONLY_DIGITS,
  MSG_TWO_DECIMALS,
  TWO_DECIMALS_RE,
} from '../shared/fields';
import { PLAZO_FILTRO } from '../plazos/plazos.schemas';
import { INFORME_MAX_MESES, mesesEntre } from '../informes/informes.schemas';
import { todayIso } from '../shared/format';
import { cierreConPendienteField } from '../pagos/pagos.schemas';
import { lookupResponse, personLookupResponse } from '../reference/reference.schemas';
import { decimalString } from '../shared/responses';
import { CLOSING_REASONS, COND_CASOS, FLAG_KEYS, FLAGS, MAX_TERCEROS, CASO_MESSAGES, MSG_ACORDADO_POSITIVO, type FlagKey } from './casos.constants';

/** null and undefined read as '' (so a missing value gets the "required" message, not "null"). */
const blankToEmpty = (value: unknown) => (value === null || value === undefined ? '' : value);
/** A date the form requires: an empty one reads "required", not "wrong format". */
const requiredDate = z.preprocess(blankToEmpty, z.string().trim().min(1, 'Este campo es requerido').pipe(isoDate));
const digits = (max: number) =>
  z.preprocess(
    blankToEmpty,
    z.coerce.string().trim().min(1, 'Este campo es requerido').max(max, `Debe tener maximo ${max} caracteres`).regex(/^\d+$/, MSG_ONLY_DIGITS),
  );

/** Ignored on the server (the acting user comes from the session) but accepted for compatibility. */
const compat = {
  usuario: z.unknown().optional(),
  user: z.unknown().optional(),
  fecha: z.unknown().optional(),
};

/** Keys the detail response carries that a save accepts and never writes. */
const ignored = <const K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, z.unknown().optional()])) as { [P in K]: z.ZodOptional<z.ZodUnknown> };

/** Ids are PostgreSQL integers: a bigger number is refused here, not by the query (500). */
const INT4_MAX = 2_147_483_647;
const tipoDoc = z.coerce
  .number({ error: 'Debe seleccionar un tipo de documento' })
  .int(MSG_INTEGER)
  .min(1, 'Debe seleccionar un tipo de documento')
  .max(INT4_MAX, MSG_INTEGER);
const anio = optional(z.coerce.number().int(MSG_INTEGER).min(1900, 'Año invalido').max(2100, 'Año invalido'));

/** Spec §5, Asegurado. */
const personaFields = {
  apellido: text(150, 1, 'El apellido es requerido'),
  nombre: optionalText(150),
  id_tipo_doc: tipoDoc,
  nro_doc: text(20, 1, 'El numero de documento es requerido'),
  cuit: optionalText(20),
  domicilio: optionalText(200),
  codigo_postal: optionalText(20),
  fijo: optionalText(300),
  cel: optionalText(70),
  cbu: optionalText(50),
  marca_modelo: text(50, 1, 'La marca y modelo es requerida'),
  anio,
  // Upper-casing can lengthen a value ('ß' → 'SS'): the limit holds for what is stored.
  dominio: text(20, 1, 'El dominio es requerido')
    .transform((value) => value.toUpperCase())
    .refine((value) => value.length <= 20, 'Debe tener maximo 20 caracteres'),
  mail: mailList,
};

/** Read-only keys of the detail's Asegurado / Tercero (the doc type name, position, case). */
const PERSONA_READ_ONLY_KEYS = ['tipo_doc', 'orden', 'id_caso'] as const;

/** The keys of a schema's fields: the columns a save writes, as the API and the tables name them (docs/decisions/054). */
const keysOf = <T extends object>(fields: T) => Object.keys(fields) as (keyof T & string)[];

const aseguradoFields = {
  ...personaFields,
  poliza: optionalText(50),
  nro_chasis: optionalText(50),
  nro_motor: optionalText(50),
  suma_asegurada: optional(money),
  accesorios: optionalText(200),
  otros: optionalText(200),
  detalle: optionalText(2000),
};
export const ASEGURADO_WRITE_KEYS = keysOf(aseguradoFields);

export const aseguradoSchema = z.strictObject({
  id: optional(positiveId),
  version: editVersion,
  ...aseguradoFields,
  ...ignored(PERSONA_READ_ONLY_KEYS),
});
export type AseguradoInput = z.infer<typeof aseguradoSchema>;

/** An edit of the insured party: a field left out is left as it is (docs/decisions/074). */
export const aseguradoUpdateSchema = aseguradoSchema.partial();
export type AseguradoUpdateInput = z.infer<typeof aseguradoUpdateSchema>;

/** Spec §5, Tercero: the Asegurado limits, detalle up to 1500, plus id_letrado. */
const terceroFields = {
  ...personaFields,
  detalle: optionalText(1500),
  id_letrado: optional(z.coerce.number().int(MSG_INTEGER).min(1).max(INT4_MAX, MSG_INTEGER)),
};
export const TERCERO_WRITE_KEYS = keysOf(terceroFields);

export const terceroSchema = z.strictObject({
  id: optional(positiveId),
  version: editVersion,
  ...terceroFields,
  ...ignored(PERSONA_READ_ONLY_KEYS),
});
export type TerceroInput = z.infer<typeof terceroSchema>;

/**
 * An edit of the case's third parties: a saved one (with its id) keeps what the body leaves out; a
 * new one (no id) is written whole, so it must pass the creation's rules (docs/decisions/074).
 */
export const terceroUpdateSchema = terceroSchema.partial().superRefine((tercero, ctx) => {
  if (tercero.id) return;
  // The fields it has were checked by the partial schema already: only the missing ones are added.
  for (const issue of terceroSchema.safeParse(tercero).error?.issues ?? []) {
    if (!Object.hasOwn(tercero, String(issue.path[0]))) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
});
export type TerceroUpdateInput = z.infer<typeof terceroUpdateSchema>;

/** The case fields a person edits (spec §2 case creation and detail; §5 limits). */
const casoEditableFields = {
  id_compania: z.coerce
    .number({ error: 'Debe seleccionar una compañia' })
    .int(MSG_INTEGER)
    .min(1, 'Debe seleccionar una compañia')
    .max(INT4_MAX, MSG_INTEGER),
  reclamo_nro: digits(20),
  gestor: text(50, 1, 'El gestor es requerido'),
  fecha_siniestro: requiredDate,
  hora_siniestro: optional(timeOfDay),
  fecha_denuncia: requiredDate,
  lugar_siniestro: optionalText(400),
  declaracion_asegurado: optionalText(50_000),
  id_producto: optional(positiveId),
  via_ingreso: optionalText(100),
};

/** Set by the server on creation (id_estado 1, today, the session user); accepted and ignored. */
const ALTA_SERVER_KEYS = ['id', 'id_estado', 'fecha_creado', 'fecha_estado', 'msg'] as const;

/** The case columns a creation writes from the body. */
export const CASO_ALTA_KEYS = keysOf(casoEditableFields);

export const casoAltaSchema = z.strictObject({ ...casoEditableFields, ...ignored(ALTA_SERVER_KEYS), ...compat });
export type CasoAltaInput = z.infer<typeof casoAltaSchema>;

/**
 * Fields of the detail's `caso` that a save never writes: the flags and read-only extras
 * (spec §3), the status and what the life cycle, lawyers and inspections own.
 */
export const CASO_READ_ONLY_KEYS = [
  'fecha_creado',
  'id_estado',
  'fecha_estado',
  'msg',
  'id_letrado',
  'id_asegurado',
  'id_tercero',
  'id_tercero2',
  'id_tercero3',
  'id_tercero4',
  'id_tercero5',
  'id_inspeccion',
  'id_responsabilidad',
  'analisis',
  'valor_ofertado',
  'fecha_cierre',
  'resultado',
  'nombre_estado',
  'estado',
  'nombre_compania',
  'apellido_analista',
  'nombre_analista',
  'producto',
  'responsabilidad',
  'monto_inspeccion',
  ...FLAGS.map((flag) => flag.key),
] as const;

const casoUpdateFields = {
  ...casoEditableFields,
  // Spec §5: nullable in the check before saving (only the creation form requires it).
  fecha_denuncia: optional(isoDate),
  completa_doc: z.boolean().optional(),
  presupuesto: optional(money),
  cotizacion: optional(money),
  ampliacion: optional(text(200)),
};
/** The case columns an edit writes as they come; the analyst (with its history row) and the rest have their own paths. */
export const CASO_EDIT_KEYS = keysOf(casoUpdateFields);

/**
 * A case edit: a field left out is left as it is. `valor_acordado` comes back as the person read it:
 * the same value is accepted and not written, another refused (409); only the acceptance and its
 * correction set it (docs/decisions/074).
 */
export const casoUpdateSchema = z
  .strictObject({
    id: optional(positiveId),
    version: editVersion,
    ...casoUpdateFields,
    id_analista: optional(positiveId),
    /** With a new analyst: their open tasks follow the case (asked in the dialog, docs/decisions/083). */
    mover_tareas: z.boolean().optional(),
    valor_acordado: optional(money),
    ...ignored(CASO_READ_ONLY_KEYS),
    ...compat,
  })
  .partial();
export type CasoUpdateInput = z.infer<typeof casoUpdateSchema>;

const tercerosList = <T extends z.ZodType>(tercero: T) =>
  z
    .array(tercero)
    .max(MAX_TERCEROS, CASO_MESSAGES.tooManyTerceros)
    .nullish()
    .transform((terceros) => terceros ?? []);

/** POST /casos/alta. */
export const altaSchema = z.strictObject({
  caso: casoAltaSchema,
  asegurado: aseguradoSchema,
  terceros: tercerosList(terceroSchema),
  /** Create it even when possible duplicates were shown (409, docs/decisions/080). */
  confirmar_duplicado: z.boolean().optional(),
});
export type AltaInput = z.infer<typeof altaSchema>;

/** PATCH /casos/{id}: one transaction (decision 000). */
export const casoFullUpdateSchema = z.strictObject({
  caso: casoUpdateSchema,
  asegurados: aseguradoUpdateSchema,
  terceros: tercerosList(terceroUpdateSchema),
});
export type CasoFullUpdateInput = z.infer<typeof casoFullUpdateSchema>;

/** PATCH /terceros/t/{id}: the case's third parties (existing ones by id, new ones without). */
export const tercerosUpdateSchema = z.array(terceroUpdateSchema).max(MAX_TERCEROS, CASO_MESSAGES.tooManyTerceros);

// Filter values: null, undefined and '' all mean "any"; numbers are accepted for numeric fields.
const filterField = (max: number, isValid: (value: string) => boolean = () => true, message = MSG_ONLY_DIGITS) =>
  z
    .preprocess(
      blankToEmpty,
      z.coerce
        .string()
        .trim()
        .max(max, `Debe tener maximo ${max} caracteres`)
        .refine((value) => value === '' || isValid(value), message),
    )
    .default('');
const filterText = (max: number) => optionalFilterText(max).default('');
const filterDigits = filterField(20, (value) => /^\d+$/.test(value));
const filterDate = optionalFilterDate.default('');

/** "Sin Analista" in the analyst filter. */
export const SIN_ANALISTA = 'sin';

/**
 * The 'Plazo vencido' filter computes every start day of its range per rule (plazosQueVencen): it
 * covers at most the informe's longest period, counted as the server reads a bound alone (Desde
 * runs to today, Hasta from its month's first day).
 */
export function plazoVencidoAcotado(filtro: { plazoVencidoDesde: string; plazoVencidoHasta: string }): boolean {
  const { plazoVencidoDesde: desde, plazoVencidoHasta: hasta } = filtro;
  if (!desde && !hasta) return true;
  return mesesEntre((desde || hasta).slice(0, 7), (hasta || todayIso()).slice(0, 7)).length <= INFORME_MAX_MESES;
}
export const PLAZO_VENCIDO_LARGO = { message: CASO_MESSAGES.plazoVencidoLargo, path: ['plazoVencidoDesde'] };

/** Spec §3, filter fields. Empty strings mean "any". Unrefined, for the saved views' shape (vistaFiltroSchema). */
export const casoFiltroCampos = z.strictObject({
  nroCaso: filterDigits,
  nroSiniestro: filterDigits,
  estado: filterDigits,
  producto: filterDigits,
  compania: filterDigits,
  analista: filterField(10, (value) => value === SIN_ANALISTA || /^\d{1,10}$/.test(value), 'Analista invalido'),
  flag: filterField(2, (value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= FLAGS.length, 'Etiqueta invalida'),
  fechaDesde: filterDate,
  fechaHasta: filterDate,
  /** The status date (the day the case reached its status): the Tablero's 'Días en el estado actual'. */
  fechaEstadoDesde: filterDate,
  fechaEstadoHasta: filterDate,
  dominio: filterText(20),
  apellido: filterText(150),
  condCasos: z
    .preprocess(
      (value) => (value === null || value === undefined || value === '' ? COND_CASOS.TODOS : String(value)),
      z.enum([COND_CASOS.TODOS, COND_CASOS.VIGENTES, COND_CASOS.CERRADOS]),
    )
    .default(COND_CASOS.TODOS),
  busquedaRapida: filterText(100),
  /** A legal clock por vencer or vencido (docs/decisions/044). */
  plazo: filterField(10, (value) => Object.hasOwn(PLAZO_FILTRO, value), 'Plazo invalido'),
  /**
   * The informe's figures (docs/decisions/093, 102): a payment marked paid whose payment date falls
   * in the range; a legal clock whose end fell in the range while it still ran (a bound alone: Desde
   * runs to today, Hasta from its month's first day). Set by the report's links, not the panel.
   */
  pagadoDesde: filterDate,
  pagadoHasta: filterDate,
  plazoVencidoDesde: filterDate,
  plazoVencidoHasta: filterDate,
  /**
   * The informe's open cases at a past month's end (docs/decisions/102): the case was open on that
   * day (its status then, from caso_estado_periodos), in the status `estadoAl` when given (any open
   * one when empty). `estadoAl` alone reads today. Set by the report's links, not the panel.
   */
  abiertoAl: filterDate,
  estadoAl: filterDigits,
  formato: z.string().nullish(),
});
export const casoFiltroSchema = casoFiltroCampos.refine(plazoVencidoAcotado, PLAZO_VENCIDO_LARGO);
export type CasoFiltro = z.infer<typeof casoFiltroSchema>;

/** PATCH /casos/caso_ana/{id}. */
export const asignarAnalistaSchema = z.strictObject({
  id_analista: positiveId,
  /** The open tasks follow the case to the new analyst's user (docs/decisions/083). */
  mover_tareas: z.boolean().optional(),
  /**
   * The analyst the person saw when choosing (null: none): when sent and someone assigned another
   * meanwhile, the save is refused (409) instead of silently undoing theirs (docs/decisions/074).
   */
  id_analista_visto: positiveId.nullable().optional(),
  msg: z.string().max(3000).optional(),
  ...compat,
});
export type AsignarAnalistaInput = z.infer<typeof asignarAnalistaSchema>;

/** PATCH /casos/flag/{id}: the flag number. */
export const flagToggleSchema = z.strictObject({
  flag: z.coerce.number().int().min(1, 'Etiqueta invalida').max(FLAGS.length, 'Etiqueta invalida'),
});

/**
 * Advance, return, reopen, reinspect. `id_estado` is the status the person saw when pressing the
 * button: when sent and the case has moved on meanwhile, the transition is refused (409), so a
 * double click or two people pressing the same button cannot move a case twice.
 */
export const transitionSchema = z.strictObject({ id_estado: positiveId.optional(), ...compat });

/**
 * 'Acepta Ofreciemiento' (the advance from 4): the agreed amount, when the person edited it; without
 * it the case keeps the agreed amount it has, else the offered one (docs/decisions/036-valor-acordado.md).
 */
export const advanceSchema = transitionSchema.extend({ valor_acordado: optional(money), ...cierreConPendienteField });

/** The accept dialog's form: the agreed amount is required there, and a convenio is never for 0,00. */
export const aceptarOfrecimientoSchema = z.object({ valor_acordado: money.refine((value) => Number(value) > 0, MSG_ACORDADO_POSITIVO) });

/** PATCH /casos/acordado/{id}, 'Corregir valor acordado': the new amount and why (docs/decisions/074). */
export const corregirAcordadoSchema = z.strictObject({
  valor_acordado: money.refine((value) => Number(value) > 0, MSG_ACORDADO_POSITIVO),
  motivo: text(1000, 1, 'Indique el motivo de la corrección'),
  version: editVersion,
});
export type CorregirAcordadoInput = z.infer<typeof corregirAcordadoSchema>;

const closingIds = CLOSING_REASONS.map((reason) => reason.id) as number[];
export const cerrarSchema = z.strictObject({
  id_estado: z.coerce
    .number()
    .int()
    .refine((value) => closingIds.includes(value), 'Debe seleccionar un motivo de cierre'),
  msg: z.string().max(3000).optional(),
  ...cierreConPendienteField,
  ...compat,
});
/** What a client sends (the schema's input): the web's calls are typed by it, so a renamed field breaks their build. */
export type CerrarRequest = z.input<typeof cerrarSchema>;

export const ANALISIS_MESSAGES = {
  responsabilidad: 'Debe seleccionar una responsabilidad',
  valor: 'Debe ingresar un valor ofertado',
  detalle: 'Debe ingresar un detalle',
  saved: 'Analisis y ofrecimiento guardado exitosamente',
  history: 'Se genero analisis y ofrecimiento',
  reconsidered: 'Se guardo el cambio de oferta',
  reconsiderPrefix: 'RECONSIDERACION',
  sinAcuerdo: 'Cierre sin Acuerdo',
  responsabilidadNotFound: 'La responsabilidad no existe',
} as const;

const valorOfertado = z
  .union([z.string(), z.number()], { error: ANALISIS_MESSAGES.valor })
  .transform((value) => String(value).trim())
  // A blank value gets only the 'required' message, not also the decimals one.
  .refine((value) => value !== '', { message: ANALISIS_MESSAGES.valor, abort: true })
  .refine((value) => TWO_DECIMALS_RE.test(value), MSG_TWO_DECIMALS)
  .refine((value) => Number(value) < 1e13, 'El valor es demasiado grande');

export const analisisSchema = z.strictObject({
  id_responsabilidad: z.coerce
    .number({ error: ANALISIS_MESSAGES.responsabilidad })
    .int()
    .min(1, ANALISIS_MESSAGES.responsabilidad)
    .max(INT4_MAX, MSG_INTEGER),
  valor_ofertado: valorOfertado,
  analisis: z
    .string({ error: ANALISIS_MESSAGES.detalle })
    .trim()
    .min(1, ANALISIS_MESSAGES.detalle)
    .max(200, 'Debe tener maximo 200 caracteres'),
  id_estado: z.unknown().optional(),
  msg: z.unknown().optional(),
  ...compat,
});
export type AnalisisRequest = z.input<typeof analisisSchema>;
export type AnalisisInput = z.infer<typeof analisisSchema>;

export const reconsiderarSchema = z.strictObject({
  valor_ofertado: valorOfertado,
  msg: z.string({ error: 'Debe ingresar un motivo' }).trim().min(1, 'Debe ingresar un motivo').max(2000),
  ...compat,
});
export type ReconsiderarRequest = z.input<typeof reconsiderarSchema>;
export type ReconsiderarInput = z.infer<typeof reconsiderarSchema>;

export const estadoSchema = z.strictObject({
  id_estado: z.coerce.number().int().min(1).max(19),
  id: z.unknown().optional(),
  ...cierreConPendienteField,
});

/** The 17 flags as booleans (spec §3). */
export const flagsShape = Object.fromEntries(FLAG_KEYS.map((key) => [key, z.boolean()])) as Record<FlagKey, z.ZodBoolean>;
export const flagsResponse = z.object(flagsShape);

/** One row of the case list (spec §3) plus the flags. */
export const casoListRowResponse = z.object({
  id: z.number(),
  fecha_creado: z.string(),
  t_apellido: z.string().nullable(),
  t_nombre: z.string().nullable(),
  id_compania: z.number(),
  t_dominio: z.string().nullable(),
  fecha_siniestro: z.string().nullable(),
  id_estado: z.number(),
  id_producto: z.number().nullable(),
  lesionado: z.boolean(),
  id_letrado: z.number().nullable(),
  mediacion: z.boolean(),
  id_analista: z.number().nullable(),
  reclamo_nro: z.string(),
  ...flagsShape,
  // Named from the lookups after the row is read, so they come last (the order page 1's JSON has).
  nombre_compania: z.string().nullable(),
  estado: z.string(),
  producto: z.string().nullable(),
  an_apellido: z.string().nullable(),
  an_nombre: z.string().nullable(),
});
export type CasoListRow = z.infer<typeof casoListRowResponse>;

/** GET /casos/?page: a page newest first, the Vigentes and Cerrados counters and the filters' lookups. */
export const casosListResponse = z.object({
  cases: z.array(casoListRowResponse),
  totalPages: z.number(),
  totalCount: z.number(),
  totalCloseCount: z.number(),
  analistas: z.array(personLookupResponse),
  estados: z.array(lookupResponse),
  productos: z.array(lookupResponse),
  companias: z.array(lookupResponse),
});
export type CasosList = z.infer<typeof casosListResponse>;

/** POST /casos/filtro: the first row also carries the total (API contract); beyond COUNT_CAP it is capped. */
export const casosFiltradosResponse = z.object({
  cases: z.array(casoListRowResponse.extend({ totalCount: z.number().optional() })),
  totalPages: z.number(),
  totalRows: z.number(),
  totalCapped: z.boolean(),
});
export type CasosFiltrados = z.infer<typeof casosFiltradosResponse>;

/** POST /casos/alta: 201 when created, 200 when the Idempotency-Key names a case created before. */
export const casoCreadoResponse = z.object({ message: z.string(), id: z.number() });
/** GET /casos/ultimo: the id of the last case, null with none. */
export const ultimoCasoResponse = z.object({ id: z.number().nullable() });
/** The edits and status changes of a case answer with its status afterwards. */
export const casoEstadoResponse = z.object({ message: z.string(), id_estado: z.number() });
/** Accepting the offer also answers with the agreed amount. */
export const casoAvanzadoResponse = casoEstadoResponse.extend({ valor_acordado: decimalString.optional() });
