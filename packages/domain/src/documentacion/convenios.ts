import { z } from 'zod';
import { CONVENIO_MESSAGES, CONVENIO_TEMPLATES, type ConvenioTemplate } from './documentacion.constants';

/**
 * The merge fields a convenio template may use, `{campo}` in the .docx, with what each holds
 * (docs/decisions/038-plantillas-de-convenio.md). An uploaded template may use any of them and
 * no other; the 'Plantillas' screen lists them for whoever edits a template.
 */
export const CONVENIO_CAMPOS = {
  ciudad: 'Lugar de firma, como se lee después de «En» (configuración CONVENIO_LUGAR)',
  fecha_en_letras: 'Fecha de emisión en letras: «a los veinticinco días del mes de noviembre de 2026»',
  fecha: 'Fecha de emisión dd/mm/aaaa',
  aseguradora: 'Nombre de la compañía aseguradora',
  caso: 'Número de caso',
  siniestro_nro: 'Número de siniestro de la compañía',
  fecha_siniestro: 'Fecha del siniestro dd/mm/aaaa',
  lugar_siniestro: 'Lugar del siniestro',
  asegurado_nombre: 'Asegurado: Nombre Apellido',
  asegurado_documento: 'Asegurado: tipo y número de documento',
  asegurado_dominio: 'Dominio del vehículo asegurado',
  asegurado_vehiculo: 'Marca y modelo del vehículo asegurado',
  tercero_nombre: 'Tercero reclamante: Nombre Apellido',
  tercero_documento: 'Tercero: tipo y número de documento',
  tercero_domicilio: 'Domicilio del tercero',
  tercero_dominio: 'Dominio del vehículo del tercero',
  tercero_vehiculo: 'Marca y modelo del vehículo del tercero',
  titular_nombre: 'No Titular: titular registral del vehículo, Nombre Apellido',
  titular_documento: 'No Titular: documento del titular registral',
  caracter: 'No Titular: carácter en que reclama el tercero (p. ej. «conductor autorizado»)',
  apoderado_nombre: 'Apoderado: Nombre Apellido de quien firma por el tercero',
  apoderado_documento: 'Apoderado: tipo y número de documento',
  poder: 'Apoderado: el poder (escritura, fecha, escribano y registro)',
  letrado_nombre: 'Letrado patrocinante: Nombre Apellido',
  letrado_cuit: 'CUIT del letrado',
  monto: 'Importe en números: $ 1.291.478,36',
  monto_en_letras: 'Importe en letras: PESOS UN MILLÓN … CON 36/100',
  plazo_pago: 'Plazo de pago: «quince (15) días hábiles» (configuración CONVENIO_PLAZO_PAGO_DIAS)',
  cbu: 'CBU de la cuenta del tercero donde se transfiere el pago',
} as const;
export type ConvenioCampo = keyof typeof CONVENIO_CAMPOS;
export type ConvenioDatos = Record<ConvenioCampo, string>;

/** What a convenio type needs beyond the case: typed in 'Seleccionar Convenios'. */
export const CONVENIO_DATOS_ADICIONALES = {
  titular: [],
  no_titular: ['titular_nombre', 'titular_documento', 'caracter'],
  apoderado: ['apoderado_nombre', 'apoderado_documento', 'poder'],
  aceptacion_previa: [],
  destruccion_total: [],
} as const satisfies Record<ConvenioTemplate['parte'], readonly ConvenioCampo[]>;
export type ConvenioDatoAdicional = (typeof CONVENIO_DATOS_ADICIONALES)[keyof typeof CONVENIO_DATOS_ADICIONALES][number];

export const CONVENIO_DATOS_LABELS: Record<ConvenioDatoAdicional | 'cbu', string> = {
  titular_nombre: 'Titular del vehículo',
  titular_documento: 'Documento del titular',
  caracter: 'Carácter del reclamante',
  apoderado_nombre: 'Apoderado',
  apoderado_documento: 'Documento del apoderado',
  poder: 'Poder',
  cbu: 'CBU del tercero',
};

/** The extra data the chosen templates need, in the order the dialog asks for it. */
export function datosAdicionalesDe(nombres: readonly string[]): ConvenioDatoAdicional[] {
  const partes = new Set(CONVENIO_TEMPLATES.filter((template) => nombres.includes(template.nombre)).map((template) => template.parte));
  return [...partes].flatMap((parte) => CONVENIO_DATOS_ADICIONALES[parte]);
}

/** A template's file name: 'Convenio_2_Danos_Titular_con_Letrado' plus what follows (ASCII, for zips). */
export function convenioSlug(template: ConvenioTemplate): string {
  const ascii = template.nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `Convenio_${template.id}_${ascii.replace(/[^A-Za-z0-9]+/g, '_')}`;
}

const cbuDigits = (value: string) => value.replace(/[\s-]/g, '');

/** Whether both BCRA check digits of 22 digits are right (the bank block's eighth, the account block's last). */
function cbuCheckDigitsValid(digits: string): boolean {
  const valid = (block: string, weights: readonly number[]) => {
    const sum = weights.reduce((total, weight, index) => total + weight * Number(block[index]), 0);
    return (10 - (sum % 10)) % 10 === Number(block[weights.length]);
  };
  return valid(digits.slice(0, 8), [7, 1, 3, 9, 7, 1, 3]) && valid(digits.slice(8), [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]);
}

/** A CBU's 22 digits (spaces and dashes dropped), or null when it is not a valid CBU (both check digits). */
export function normalizarCbu(value: string): string | null {
  const digits = cbuDigits(value);
  return /^\d{22}$/.test(digits) && cbuCheckDigitsValid(digits) ? digits : null;
}

/** Why a typed CBU is refused, in the clerk's words, or null when it is valid. */
export function errorDeCbu(value: string): string | null {
  const digits = cbuDigits(value);
  if (!/^\d{22}$/.test(digits)) return CONVENIO_MESSAGES.badCbu;
  return cbuCheckDigitsValid(digits) ? null : CONVENIO_MESSAGES.badCbuCheck;
}

/**
 * The fields a template of this type must print (an upload without them is refused): the amount,
 * in figures and words, the payee and the account, the extra data its type asks for, and the lawyer
 * of a "con Letrado" type. Without them a convenio would read "por la suma de  ($ )" or "CBU N° ,".
 */
export function camposRequeridos(template: ConvenioTemplate): ConvenioCampo[] {
  return [
    'monto',
    'monto_en_letras',
    'cbu',
    'tercero_nombre',
    'tercero_documento',
    ...CONVENIO_DATOS_ADICIONALES[template.parte],
    ...(template.conLetrado ? (['letrado_nombre', 'letrado_cuit'] as const) : []),
  ];
}

/** Admin 'Plantillas': an uploaded template is at most this big (a .docx of a few pages is ~20 KB). */
export const PLANTILLA_MAX_BYTES = 2 * 1024 * 1024;

export const PLANTILLA_MESSAGES = {
  uploaded: (version: number) => `Plantilla guardada como versión ${version}`,
  restored: (version: number) => `Versión restaurada: la plantilla vigente es ahora la versión ${version}`,
  notFound: 'La plantilla no existe',
  versionNotFound: 'La versión no existe',
  noFile: 'Seleccione un archivo .docx',
  notDocx: 'El archivo no es un documento de Word (.docx)',
  tooLarge: 'El archivo supera los 2 MB',
  unknownFields: (fields: readonly string[]) => `Campos desconocidos: ${fields.map((field) => `{${field}}`).join(', ')}`,
  missingFields: (fields: readonly string[]) => `Faltan campos que este convenio debe imprimir: ${fields.map((field) => `{${field}}`).join(', ')}`,
  unsafeEntry: (name: string) => `El archivo contiene una ruta no permitida: «${name}»`,
  /** The 'Campos disponibles' panel: what `camposRequeridos` asks of each type. */
  camposObligatorios:
    'Toda plantilla debe incluir {monto}, {monto_en_letras}, {cbu}, {tercero_nombre} y {tercero_documento}; las de No Titular y Apoderado, ' +
    'los datos de su tipo ({titular_nombre}, {titular_documento} y {caracter}; {apoderado_nombre}, {apoderado_documento} y {poder}); ' +
    'las «con Letrado», {letrado_nombre} y {letrado_cuit}.',
  badTags: (detail: string) => `La plantilla tiene etiquetas mal formadas: ${detail}`,
  previewFailed: 'La vista previa con un caso de ejemplo no pudo generarse',
  predeterminada: 'Predeterminada',
} as const;

/** One kept version of a template; version 0 is the shipped default (no file name, user or date). */
export const plantillaVersionResponse = z.object({
  version: z.number(),
  archivo: z.string().nullable(),
  restaurada_de: z.number().nullable(),
  usuario: z.string().nullable(),
  fecha: z.string().nullable(),
});
export type PlantillaVersion = z.infer<typeof plantillaVersionResponse>;
/** GET /plantillas: each template with its versions, newest (the one in use) first. */
export const plantillaConvenioResponse = z.object({ id: z.number(), nombre: z.string(), versiones: z.array(plantillaVersionResponse) });
export type PlantillaConvenio = z.infer<typeof plantillaConvenioResponse>;
export const plantillaListResponse = z.array(plantillaConvenioResponse);
/** An upload or a restore: the version now in use. */
export const plantillaSavedResponse = z.object({ message: z.string(), version: z.number() });

const versionNumber = z.coerce.number({ error: PLANTILLA_MESSAGES.versionNotFound }).int(PLANTILLA_MESSAGES.versionNotFound).min(0, PLANTILLA_MESSAGES.versionNotFound).max(1_000_000, PLANTILLA_MESSAGES.versionNotFound);

/** ?version=N of a download or preview; left out, the version in use. */
export const plantillaVersionQuery = z.object({ version: versionNumber.optional() });
/** POST /plantillas/{id}/restaurar {version}. */
export const plantillaRestoreSchema = z.strictObject({ version: versionNumber });
