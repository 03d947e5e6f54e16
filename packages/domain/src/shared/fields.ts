import { z } from 'zod';

/** Dates travel as YYYY-MM-DD (spec §0, §5). */
export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
export const TWO_DECIMALS_RE = /^\d+(\.\d{1,2})?$/;

export const MSG_DATE = 'La fecha debe tener el formato AAAA-MM-DD';
export const MSG_TWO_DECIMALS = 'El valor debe tener solo dos decimales';
export const MSG_REQUIRED = 'Este campo es requerido';
export const MSG_INTEGER = 'Debe ser un número entero';

/** A calendar day that exists; year 0000 does not (there is no year zero, and PostgreSQL refuses it). */
function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().startsWith(value);
}

export const isoDate = z
  .string()
  .regex(ISO_DATE_RE, MSG_DATE)
  .refine(isRealDate, MSG_DATE);

export const timeOfDay = z.string().regex(TIME_RE, 'La hora debe tener el formato HH:MM');

/** Numbers or numeric strings, at most two decimals; stored as numeric, sent back as a string. */
export const money = z
  .union([z.number(), z.string()])
  .transform((value) => String(value).trim())
  .refine((value) => TWO_DECIMALS_RE.test(value), MSG_TWO_DECIMALS)
  .refine((value) => Number(value) < 1e13, 'El valor es demasiado grande');

/** An id: a positive integer, also accepted as a numeric string (form selects send strings). */
export const positiveId = z.coerce
  .number({ error: MSG_INTEGER })
  .int(MSG_INTEGER)
  .min(1, 'Debe seleccionar un valor')
  .max(2_147_483_647, MSG_INTEGER);

export const idParam = z.object({ id: positiveId });

export const MSG_VERSION = 'La versión debe ser un número entero positivo';
/**
 * The edit version of the row as the person read it (docs/decisions/074): a save after another
 * person's save is refused (409). Absent or null, the save does not check it.
 */
export const editVersion = optional(z.coerce.number({ error: MSG_VERSION }).int(MSG_VERSION).min(1, MSG_VERSION).max(2_147_483_647, MSG_VERSION));

export function text(max: number, min = 0, minMessage = MSG_REQUIRED) {
  // A missing value gets the field's own message too, not zod's English default.
  const base = z.string({ error: min > 0 ? minMessage : MSG_REQUIRED }).trim().max(max, `Debe tener maximo ${max} caracteres`);
  return min > 0 ? base.min(min, minMessage) : base;
}

/** Optional free text: missing, null and '' all mean "no value". */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Debe tener maximo ${max} caracteres`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullish());
}

const MAIL_RE = /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/;
export const MSG_MAIL_LIST =
  "Debe ser un correo electrónico válido, estar vacío o ser 'S/D'. Si hay múltiples correos, sepáralos con ';'";

/** Spec §5: valid addresses separated by ';', or empty, or 'S/D'. */
export function isMailList(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'S/D') return true;
  return trimmed
    .split(';')
    .map((part) => part.trim())
    .every((part) => MAIL_RE.test(part));
}

export const mailList = z
  .string()
  .max(400, 'Debe tener maximo 400 caracteres')
  .refine(isMailList, MSG_MAIL_LIST)
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

export const MAX_PAGE = 1_000_000;
export const MAX_PAGE_SIZE = 100;
export const MSG_PAGE = 'La página debe ser un número entero entre 1 y 1.000.000';
export const MSG_PAGE_SIZE = 'El tamaño de página debe ser un número entero entre 1 y 100';

export const pagingQuery = z.object({
  page: z.coerce.number({ error: MSG_PAGE }).int(MSG_PAGE).min(1, MSG_PAGE).max(MAX_PAGE, MSG_PAGE).default(1),
  pageSize: z.coerce
    .number({ error: MSG_PAGE_SIZE })
    .int(MSG_PAGE_SIZE)
    .min(1, MSG_PAGE_SIZE)
    .max(MAX_PAGE_SIZE, MSG_PAGE_SIZE)
    .default(20),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** A filtered list counts at most this many matches (docs/decisions/003): beyond it the total is "more than". */
export const COUNT_CAP = 10_000;
/** Paging of a list whose total is capped at COUNT_CAP; `exactCount=1` asks for the exact total. */
export const cappedPagingQuery = pagingQuery.extend({ exactCount: z.enum(['0', '1']).optional() });
export type CappedPagingQuery = z.infer<typeof cappedPagingQuery>;

export const PAGE_SIZE = 20;

/** List filters (spec §2 filter panels): missing, null and '' all mean "any" and become ''. */
const blankToEmpty = (value: unknown) => (value === null || value === undefined ? '' : value);
export const optionalFilterText = (max: number) =>
  z.preprocess(blankToEmpty, z.coerce.string().trim().max(max, `Debe tener maximo ${max} caracteres`));
export const MSG_ONLY_DIGITS = 'Solo se permiten numeros';
export const MSG_ID_DIGITS = 'Debe tener maximo 9 digitos';
export const optionalFilterId = z.preprocess(
  blankToEmpty,
  z.coerce
    .string()
    .trim()
    .refine((value) => /^\d*$/.test(value), MSG_ONLY_DIGITS)
    .refine((value) => value.length <= 9, MSG_ID_DIGITS),
);
export const optionalFilterDate = z.preprocess(
  blankToEmpty,
  z.string().trim().refine((value) => value === '' || isoDate.safeParse(value).success, MSG_DATE),
);
