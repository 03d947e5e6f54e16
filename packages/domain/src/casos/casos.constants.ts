import { normalizeSearch } from '../shared/format';
import { INFORME_MAX_MESES } from '../informes/informes.schemas';

/** The 17 flags (spec §3): number, column name, chip label. */
export const FLAGS = [
  { nro: 1, key: 'urg', label: 'Urgente', color: 'red' },
  { nro: 2, key: 'amp', label: 'Ampliacion', color: 'orange' },
  { nro: 3, key: 'auto', label: 'P. Autorizacion', color: 'yellow' },
  { nro: 4, key: 'inte', label: 'Intercepcion', color: 'lime' },
  { nro: 5, key: 'lesion', label: 'Cotizacion Daños', color: 'green' },
  { nro: 6, key: 'vm', label: 'Vista Medica', color: 'teal' },
  { nro: 7, key: 'inve', label: 'Investigacion', color: 'cyan' },
  { nro: 8, key: 'docu', label: 'P. Documental', color: 'blue' },
  { nro: 9, key: 'fran', label: 'Franquicia', color: 'indigo' },
  { nro: 10, key: 'ofre', label: 'Pendiente Ofrecimiento', color: 'violet' },
  { nro: 11, key: 'ana', label: 'Analisis', color: 'grape' },
  { nro: 12, key: 'negocia', label: 'En Negociacion', color: 'pink' },
  { nro: 13, key: 'acordado', label: 'Acordado', color: 'green' },
  { nro: 14, key: 'cierre', label: 'Cierre', color: 'dark' },
  { nro: 15, key: 'halla', label: 'V. Hallado', color: 'teal' },
  { nro: 16, key: 'lesiones', label: 'Lesiones', color: 'red' },
  { nro: 17, key: 'sc', label: 'Sin Contacto 3', color: 'gray' },
] as const;
export type FlagKey = (typeof FLAGS)[number]['key'];
export type Flags = Record<FlagKey, boolean>;
export const FLAG_KEYS: readonly FlagKey[] = FLAGS.map((flag) => flag.key);

/** Closing reasons (spec §4): the status a case is closed into. */
export const CLOSING_REASONS = [
  { id: 9, nombre: 'Cierre - Sin Acuerdo' },
  { id: 10, nombre: 'Tercero no Encontrado' },
  { id: 11, nombre: 'Tercero sin Datos' },
  { id: 12, nombre: 'Mediacion' },
  { id: 13, nombre: 'Tercero Responsable' },
  { id: 14, nombre: 'Anulado' },
  { id: 15, nombre: 'Duplicado' },
  { id: 16, nombre: 'Suspendido' },
  { id: 17, nombre: 'Cerrado con Acuerdo' },
  { id: 18, nombre: 'Vehiculo Hallado' },
  { id: 19, nombre: 'Cleas' },
] as const;

export const ESTADO = {
  INICIAL: 1,
  INSPECCION: 2,
  ANALISIS: 3,
  OFRECIMIENTO: 4,
  CONVENIO: 5,
  ESPERA_CONVENIO: 6,
  A_FINALIZAR: 7,
  FINALIZADO: 8,
  SIN_ACUERDO: 9,
} as const;

/** "Vigentes" are below this status, "Cerrados" at or above it. */
export const FIRST_CLOSED_ESTADO = 8;
export const isClosed = (idEstado: number) => idEstado >= FIRST_CLOSED_ESTADO;

/** Advance (decision 000): 1→2, 2→3, 4→5, 5→6, 6→7, 7→8. */
export const ADVANCE: Readonly<Record<number, number>> = { 1: 2, 2: 3, 4: 5, 5: 6, 6: 7, 7: 8 };
export const canReinspect = (idEstado: number) => idEstado >= 3 && idEstado <= 7;
export const canReopen = (idEstado: number) => idEstado >= FIRST_CLOSED_ESTADO;
export const canClose = (idEstado: number) => idEstado < FIRST_CLOSED_ESTADO;

/** Case condition filter (spec §4): 0 all, 1 Vigentes, 2 Cerrados. */
export const COND_CASOS = { TODOS: '0', VIGENTES: '1', CERRADOS: '2' } as const;

export const MAX_TERCEROS = 5;

/** A convenio is never for $ 0,00: the acceptance and its correction refuse it (docs/decisions/074). */
export const MSG_ACORDADO_POSITIVO = 'El valor acordado debe ser mayor que cero';

export const CASO_MESSAGES = {
  alta: 'Alta caso',
  notFound: 'El caso no existe',
  tooManyTerceros: `Un caso puede tener como maximo ${MAX_TERCEROS} terceros`,
  updated: 'Caso actualizado exitosamente',
  unsaved: 'Cambios sin guardar',
  analistaUpdated: 'Analista actualizado exitosamente',
  /** The analyst changed between the dialog's opening and its save (409, docs/decisions/074). */
  analistaCambiado: 'El analista del caso fue cambiado por otra persona mientras usted elegía. Revise el caso y vuelva a asignarlo.',
  noResults: 'No hay datos que cumplan con los filtros seleccionados...',
  exported: 'Exportación exitosa',
  /** Every export worker is busy and the queue is full (docs/decisions/055). */
  exportOcupado: 'Hay demasiadas exportaciones en curso. Intente nuevamente en unos minutos.',
  /** Every text-search slot of the node is busy and its queue is full (docs/decisions/058). */
  busquedaOcupada: 'Hay demasiadas búsquedas en curso. Intente nuevamente en unos segundos.',
  /** The 'Plazo vencido' filter's range (the informe's longest period). */
  plazoVencidoLargo: `El período de plazos vencidos puede abarcar como máximo ${INFORME_MAX_MESES} meses`,
  analistaNotFound: 'El analista no existe',
  companiaNotFound: 'La compañia no existe',
  productoNotFound: 'El producto no existe',
  tipoDocNotFound: 'El tipo de documento no existe',
  loadError: 'Error casos',
  created: 'Caso creado exitosamente',
  terceroNotFound: 'El tercero no existe',
  idempotencyKey: 'El encabezado Idempotency-Key debe tener entre 1 y 100 caracteres',
  /** A save that names the version it read, after another person's save (409, docs/decisions/074). */
  stale: {
    caso: 'El caso fue modificado por otra persona mientras usted lo editaba. Recargue para ver sus cambios: lo que usted escribió se conserva.',
    asegurado: 'El asegurado fue modificado por otra persona mientras usted lo editaba. Recargue para ver sus cambios: lo que usted escribió se conserva.',
    tercero: 'Un tercero fue modificado por otra persona mientras usted lo editaba. Recargue para ver sus cambios: lo que usted escribió se conserva.',
  },
  /** The case save sends the agreed amount back as read; only the acceptance and its correction set it (docs/decisions/074). */
  acordadoNotEditable: "El valor acordado se fija al aceptar el ofrecimiento y no cambia al guardar el caso: use 'Corregir valor acordado'.",
  history: {
    analistaAssigned: (apellido: string, nombre: string) => `Se asigna el analista ${`${apellido} ${nombre}`.trim()}`,
    analistaRemoved: 'Se quita el analista asignado',
  },
} as const;

/**
 * Accented letters and the plain letter `normalizeSearch` turns each into, for SQL's
 * `translate(lower(col), from, to)`: PostgreSQL's `lower()` leaves non-ASCII letters alone under
 * the C locale, so both cases are listed. A unit test keeps this in step with `normalizeSearch`.
 */
export const SEARCH_FOLD = {
  from: 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
  to: 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc',
} as const;

/** More words than this in the quick search box are ignored (each one is a LIKE on the index). */
export const MAX_SEARCH_TERMS = 8;

/** A number grouped by thousands dots, as a DNI is printed on the card: "13.266.001". */
const THOUSANDS_GROUPED_RE = /^\d{1,3}(\.\d{3})+$/;

/**
 * The words of a quick search, normalized like the `busqueda` column (`casoSearchText`, docs/decisions/002).
 * A number grouped by thousands dots is searched by its digits, as the documents are stored.
 */
export function searchTerms(value: string): string[] {
  const words = normalizeSearch(value)
    .split(' ')
    .filter(Boolean)
    .map((word) => (THOUSANDS_GROUPED_RE.test(word) ? word.replace(/\./g, '') : word));
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * Digits in a row from which a quick-search word takes the numbers index (docs/decisions/059): a
 * DNI (7-8), CUIT (11) or claim number (10) typed whole. The SQL function `busqueda_digitos`
 * (drizzle/0020) cuts `busqueda`'s digit runs into pieces of this length.
 */
export const SEARCH_DIGIT_GRAM = 7;

/**
 * Letters in a row from which a search word takes the letters index (docs/decisions/067): a
 * surname or name of five letters or more. The SQL function `busqueda_letras` (drizzle/0033) cuts
 * `busqueda`'s letter runs into pieces of this length.
 */
export const SEARCH_LETTER_GRAM = 5;

/** Every piece of `length` characters of the word's runs of at least that many matching `char`. */
function gramsOf(term: string, char: string, length: number): string[] {
  const grams = new Set<string>();
  for (const [run] of term.matchAll(new RegExp(`${char}{${length},}`, 'g'))) {
    for (let start = 0; start + length <= run.length; start++) grams.add(run.slice(start, start + length));
  }
  return [...grams];
}

/**
 * Every piece of SEARCH_DIGIT_GRAM digits of the word's runs of at least that many digits: a case
 * whose `busqueda` contains the word holds them all among its own pieces. Empty when the word
 * has no such run (it is then looked up by its trigrams only).
 */
export function searchDigitGrams(term: string): string[] {
  return gramsOf(term, '[0-9]', SEARCH_DIGIT_GRAM);
}

/**
 * Every piece of SEARCH_LETTER_GRAM letters (a-z, as `busqueda` folds them) of the word's runs of
 * at least that many letters, the same way: empty for a word with no such run.
 */
export function searchLetterGrams(term: string): string[] {
  return gramsOf(term, '[a-z]', SEARCH_LETTER_GRAM);
}

/**
 * Letters and digits in a row from which a search word mixing both (a plate, 'ag740' of AG740TN)
 * takes the plates index (docs/decisions/070). The SQL function `busqueda_patentes` (drizzle/0034)
 * cuts `busqueda`'s runs of letters and digits into pieces of this length and keeps those holding
 * a letter and a digit.
 */
export const SEARCH_PLATE_GRAM = 5;

/**
 * Every piece of SEARCH_PLATE_GRAM letters and digits of the word's runs of at least that many,
 * that holds a letter and a digit: empty for a word of letters or of digits alone.
 */
export function searchPlateGrams(term: string): string[] {
  return gramsOf(term, '[a-z0-9]', SEARCH_PLATE_GRAM).filter((gram) => /[a-z]/.test(gram) && /[0-9]/.test(gram));
}

/** A LIKE pattern that finds `term` anywhere, with the LIKE wildcards and escape taken literally. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Spec §9: the export is named casos_export_{date}.xlsx. */
export const exportFileName = (isoDay: string) => `casos_export_${isoDay}.xlsx`;
