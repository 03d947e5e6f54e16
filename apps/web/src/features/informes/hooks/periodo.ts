import { addDaysIso, YEAR_MONTH_RE } from '@siniestros/domain';

/** A month as the report's query names it: YYYY-MM. */
export type Mes = string;

export const isMes = (value: string | null | undefined): value is Mes => typeof value === 'string' && YEAR_MONTH_RE.test(value);

/** The month before the one `hoy` (YYYY-MM-DD) falls in: the last whole month, the report's default. */
export const mesAnterior = (hoy: string): Mes => addDaysIso(`${hoy.slice(0, 7)}-01`, -1).slice(0, 7);

/** The MonthPickerInput's value (first days of months, YYYY-MM-DD) for a period. */
export const periodoComoFechas = (desde: Mes, hasta: Mes): [string, string] => [`${desde}-01`, `${hasta}-01`];

/** A finished pick of the MonthPickerInput ([from, to], either YYYY-MM-DD) as a period; null while half picked. */
export function periodoDeFechas([desde, hasta]: [string | null, string | null]): { desde: Mes; hasta: Mes } | null {
  if (!desde || !hasta) return null;
  const [primero, ultimo] = [desde.slice(0, 7), hasta.slice(0, 7)].sort() as [Mes, Mes];
  return { desde: primero, hasta: ultimo };
}

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const MESES_LARGOS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** 'nov 2026': a chart's tick. */
export const mesCorto = (mes: Mes) => `${MESES[Number(mes.slice(5, 7)) - 1]} ${mes.slice(0, 4)}`;
/** 'noviembre de 2026': in titles and names for screen readers. */
export const mesLargo = (mes: Mes) => `${MESES_LARGOS[Number(mes.slice(5, 7)) - 1]} de ${mes.slice(0, 4)}`;
/** The period in words: one month, or 'de … a …'. */
export const periodoTexto = (desde: Mes, hasta: Mes) => (desde === hasta ? mesLargo(desde) : `de ${mesLargo(desde)} a ${mesLargo(hasta)}`);
