import { addDaysIso } from './format';
import { FERIADOS_AR } from './feriados-ar';

const FERIADOS = new Map(FERIADOS_AR);

/** 0 Sunday … 6 Saturday, of a YYYY-MM-DD date. */
export function weekdayIso(iso: string): number {
  return new Date(`${iso}T12:00:00Z`).getUTCDay();
}

/** The holiday's name, or undefined on an ordinary day. */
export const feriadoAr = (iso: string): string | undefined => FERIADOS.get(iso);

/** Monday to Friday and not a national holiday or non-working day (shared/feriados-ar.ts). */
export function isDiaHabil(iso: string): boolean {
  const weekday = weekdayIso(iso);
  return weekday !== 0 && weekday !== 6 && !FERIADOS.has(iso);
}

/**
 * The date `n` working days after `iso` (before it when negative); 0 gives `iso` itself. The
 * counting starts on the next day, as a legal term does (Código Civil y Comercial, art. 6).
 */
export function addDiasHabiles(iso: string, n: number): string {
  const step = n < 0 ? -1 : 1;
  let date = iso;
  for (let left = Math.abs(n); left > 0;) {
    date = addDaysIso(date, step);
    if (isDiaHabil(date)) left--;
  }
  return date;
}

/** `iso` when it is a working day, else the next one. */
export function diaHabilDesde(iso: string): string {
  let date = iso;
  while (!isDiaHabil(date)) date = addDaysIso(date, 1);
  return date;
}

/** The same day `years` later; a 29 February lands on the 28th (Código Civil y Comercial, art. 6). */
export function addYearsIso(iso: string, years: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** The same day `months` later, or the month's last day when it has none (31 January + 1 month → 28/29 February). */
export function addMonthsIso(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetweenIso(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}
