/**
 * Amounts and dates in words as Argentine legal documents write them (docs/decisions/037-montos-en-letras.md):
 * 'PESOS UN MILLÓN DOSCIENTOS NOVENTA Y UN MIL CUATROCIENTOS SETENTA Y OCHO CON 36/100'.
 * 'uno' is cut to 'un' before a noun (mil, millón, billón, días): 'veintiún mil', 'ciento un mil', 'veintiún millones';
 * at the end of the amount it stays whole ('PESOS VEINTIUNO CON 00/100': the noun, PESOS, comes first).
 */

const BELOW_30 = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve',
  'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve',
  'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

/** `beforeNoun`: a noun follows (mil, millones, días), so 'uno' and 'veintiuno' lose their last letter. */
function below100(n: number, beforeNoun: boolean): string {
  if (n === 1) return beforeNoun ? 'un' : 'uno';
  if (n === 21) return beforeNoun ? 'veintiún' : 'veintiuno';
  if (n < 30) return BELOW_30[n]!;
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)]!;
  return unit === 0 ? tens : `${tens} y ${below100(unit, beforeNoun)}`;
}

function below1000(n: number, beforeNoun: boolean): string {
  if (n === 100) return 'cien';
  const rest = n % 100;
  const words = [HUNDREDS[Math.floor(n / 100)]!, rest === 0 ? '' : below100(rest, beforeNoun)];
  return words.filter(Boolean).join(' ');
}

function belowMillion(n: number, beforeNoun: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words = [
    thousands === 0 ? '' : thousands === 1 ? 'mil' : `${below1000(thousands, true)} mil`,
    rest === 0 ? '' : below1000(rest, beforeNoun),
  ];
  return words.filter(Boolean).join(' ');
}

const MILLION = 1_000_000;

/** A whole number below 10^18 in lower-case Spanish words (long scale: millón, billón). */
export function cardinalEnLetras(n: number, beforeNoun = false): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`cardinalEnLetras: ${n}`);
  if (n === 0) return 'cero';
  const billones = Math.floor(n / MILLION ** 2);
  const millones = Math.floor(n / MILLION) % MILLION;
  const rest = n % MILLION;
  const scale = (count: number, singular: string, plural: string) =>
    count === 0 ? '' : count === 1 ? `un ${singular}` : `${belowMillion(count, true)} ${plural}`;
  const words = [scale(billones, 'billón', 'billones'), scale(millones, 'millón', 'millones'), rest === 0 ? '' : belowMillion(rest, beforeNoun)];
  return words.filter(Boolean).join(' ');
}

const AMOUNT_RE = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/** '1291478.36' → 'PESOS UN MILLÓN DOSCIENTOS NOVENTA Y UN MIL CUATROCIENTOS SETENTA Y OCHO CON 36/100'. */
export function pesosEnLetras(amount: string | number): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = AMOUNT_RE.exec(text);
  if (!match) throw new RangeError(`pesosEnLetras: '${text}' no es un importe`);
  const [, pesos = '0', centavos = ''] = match;
  return `PESOS ${cardinalEnLetras(Number(pesos)).toUpperCase()} CON ${centavos.padEnd(2, '0')}/100`;
}

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '2026-11-24' → 'a los veinticuatro días del mes de noviembre de 2026'; the 1st reads 'al primer día del mes de…'. */
export function fechaEnLetras(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const mes = `del mes de ${MESES[month - 1]} de ${year}`;
  return day === 1 ? `al primer día ${mes}` : `a los ${cardinalEnLetras(day, true)} días ${mes}`;
}
