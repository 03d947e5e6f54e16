/** es-AR presentation helpers shared by the web app, exports and documents. */
const pesos = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

export function formatPesos(value: string | number | null | undefined, empty = '-'): string {
  if (value === null || value === undefined || value === '') return empty;
  const amount = Number(value);
  return Number.isFinite(amount) ? pesos.format(amount) : empty;
}

/** YYYY-MM-DD (or an ISO timestamp) → dd/mm/yyyy. */
export function formatDate(value: string | null | undefined, empty = '-'): string {
  if (!value) return empty;
  const [year, month, day] = value.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : empty;
}

/** HH:MM:SS → HH:MM. */
export function formatTime(value: string | null | undefined, empty = '-'): string {
  return value ? value.slice(0, 5) : empty;
}

export function truncate(value: string | null | undefined, max: number): string {
  if (!value) return '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** Today's date as YYYY-MM-DD in Argentina (UTC-3, no DST). */
export function todayIso(now: Date = new Date()): string {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: 'America/Argentina/Buenos_Aires',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const DATE_TIME_AR = new Intl.DateTimeFormat('es-AR', DATE_TIME_PARTS);
const DATE_TIME_SECONDS_AR = new Intl.DateTimeFormat('es-AR', { ...DATE_TIME_PARTS, second: '2-digit' });

/** A moment (an ISO timestamp) as dd/mm/yyyy HH:MM in Argentina, whatever the browser's time zone. */
export function formatDateTime(value: string | null | undefined, empty = '-'): string {
  if (!value) return empty;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? empty : DATE_TIME_AR.format(moment).replace(',', '');
}

/** A moment as dd/mm/yyyy HH:MM:SS in Argentina (certificates, where the second matters). */
export function formatDateTimeSeconds(moment: Date): string {
  const part = Object.fromEntries(DATE_TIME_SECONDS_AR.formatToParts(moment).map((item) => [item.type, item.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Lowercase and strip accents: the form every search column and search term is compared in. */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
