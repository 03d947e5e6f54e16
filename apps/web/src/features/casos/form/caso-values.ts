import { ASEGURADO_WRITE_KEYS, CASO_ALTA_KEYS, TERCERO_WRITE_KEYS } from '@siniestros/domain';

/**
 * What a case form holds for the fields the domain's schemas name (docs/decisions/054): text as
 * typed, a select (an `id_` field) as its option's id string, null or '' for none. A field added to
 * the schema is a field of these values, empty in a new form and read from a saved case.
 */
export type FormValues<K extends string> = { [P in K]: P extends `id_${string}` ? string | null : string };

type CasoAltaKey = (typeof CASO_ALTA_KEYS)[number];
type AseguradoKey = (typeof ASEGURADO_WRITE_KEYS)[number];
type PersonaKey = AseguradoKey & (typeof TERCERO_WRITE_KEYS)[number];
type CasoCoreKey = Exclude<CasoAltaKey, 'id_producto' | 'via_ingreso'>;

/** The case fields both forms show (the detail adds Producto, Analista, Via de Ingreso). */
export const CASO_CORE_KEYS = CASO_ALTA_KEYS.filter((key): key is CasoCoreKey => key !== 'id_producto' && key !== 'via_ingreso');
/** The fields the insured party and a third party share (spec §3), their vehicle included. */
export const PERSONA_KEYS = ASEGURADO_WRITE_KEYS.filter((key): key is PersonaKey => (TERCERO_WRITE_KEYS as readonly string[]).includes(key));

export type CasoCoreValues = FormValues<CasoCoreKey>;
export type PersonaValues = FormValues<PersonaKey>;
export type AseguradoValues = FormValues<AseguradoKey>;

function emptyValues<K extends string>(keys: readonly K[]): FormValues<K> {
  return Object.fromEntries(keys.map((key) => [key, key.startsWith('id_') ? null : ''])) as FormValues<K>;
}

const str = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A saved record's fields as a form holds them: numbers as text, null as ''. */
export function formValuesOf<K extends string>(record: { [P in K]?: string | number | boolean | null }, keys: readonly K[]): FormValues<K> {
  return Object.fromEntries(keys.map((key) => [key, str(record[key])])) as FormValues<K>;
}

export const emptyCaso = (): CasoCoreValues => emptyValues(CASO_CORE_KEYS);
export const emptyPersona = (idTipoDoc: string | null): PersonaValues => ({ ...emptyValues(PERSONA_KEYS), id_tipo_doc: idTipoDoc });
export const emptyAsegurado = (idTipoDoc: string | null): AseguradoValues => ({ ...emptyValues(ASEGURADO_WRITE_KEYS), id_tipo_doc: idTipoDoc });
