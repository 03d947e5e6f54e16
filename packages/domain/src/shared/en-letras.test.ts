import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardinalEnLetras, fechaEnLetras, pesosEnLetras } from './en-letras';

describe('pesosEnLetras: hand-checked amounts', () => {
  it.each([
    ['0', 'PESOS CERO CON 00/100'],
    ['0.5', 'PESOS CERO CON 50/100'],
    ['1', 'PESOS UNO CON 00/100'],
    ['16', 'PESOS DIECISÉIS CON 00/100'],
    ['21', 'PESOS VEINTIUNO CON 00/100'],
    ['22.07', 'PESOS VEINTIDÓS CON 07/100'],
    ['23', 'PESOS VEINTITRÉS CON 00/100'],
    ['26', 'PESOS VEINTISÉIS CON 00/100'],
    ['31', 'PESOS TREINTA Y UNO CON 00/100'],
    ['100', 'PESOS CIEN CON 00/100'],
    ['101', 'PESOS CIENTO UNO CON 00/100'],
    ['500', 'PESOS QUINIENTOS CON 00/100'],
    ['1000', 'PESOS MIL CON 00/100'],
    ['1001', 'PESOS MIL UNO CON 00/100'],
    ['21000', 'PESOS VEINTIÚN MIL CON 00/100'],
    ['91000', 'PESOS NOVENTA Y UN MIL CON 00/100'],
    ['100000', 'PESOS CIEN MIL CON 00/100'],
    ['101000', 'PESOS CIENTO UN MIL CON 00/100'],
    ['250000.50', 'PESOS DOSCIENTOS CINCUENTA MIL CON 50/100'],
    ['521000', 'PESOS QUINIENTOS VEINTIÚN MIL CON 00/100'],
    ['1000000', 'PESOS UN MILLÓN CON 00/100'],
    ['1291478.36', 'PESOS UN MILLÓN DOSCIENTOS NOVENTA Y UN MIL CUATROCIENTOS SETENTA Y OCHO CON 36/100'],
    ['2000000', 'PESOS DOS MILLONES CON 00/100'],
    ['21000000', 'PESOS VEINTIÚN MILLONES CON 00/100'],
    ['21021021.21', 'PESOS VEINTIÚN MILLONES VEINTIÚN MIL VEINTIUNO CON 21/100'],
    ['100000000', 'PESOS CIEN MILLONES CON 00/100'],
    ['1000000000', 'PESOS MIL MILLONES CON 00/100'],
    ['999999999.99', 'PESOS NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100'],
    ['1000000000000', 'PESOS UN BILLÓN CON 00/100'],
  ])('%s → %s', (amount, words) => {
    expect(pesosEnLetras(amount)).toBe(words);
  });

  it('takes numbers as well as the database numeric strings', () => {
    expect(pesosEnLetras(1234567.5)).toBe('PESOS UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE CON 50/100');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['-1', '1,50', '1.234', 'abc', '']) expect(() => pesosEnLetras(bad)).toThrow(RangeError);
  });
});

/** An independent reading of the words back to a number, to check the writer against. */
const VALUES: Record<string, number> = Object.fromEntries([
  ...['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince',
    'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco',
    'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'].map((word, value) => [word, value]),
  ['un', 1], ['veintiún', 21], ['treinta', 30], ['cuarenta', 40], ['cincuenta', 50], ['sesenta', 60], ['setenta', 70], ['ochenta', 80],
  ['noventa', 90], ['cien', 100], ['ciento', 100], ['doscientos', 200], ['trescientos', 300], ['cuatrocientos', 400], ['quinientos', 500],
  ['seiscientos', 600], ['setecientos', 700], ['ochocientos', 800], ['novecientos', 900],
]);
const SCALES: Record<string, number> = { millón: 1e6, millones: 1e6, billón: 1e12, billones: 1e12 };

function readBack(words: string): number {
  let total = 0;
  let group = 0;
  let current = 0;
  for (const word of words.toLowerCase().split(' ')) {
    if (word === 'y') continue;
    if (word === 'mil') {
      group += (current || 1) * 1000;
      current = 0;
    } else if (word in SCALES) {
      total += (group + current) * SCALES[word]!;
      group = current = 0;
    } else if (word in VALUES) current += VALUES[word]!;
    else throw new Error(`unknown word '${word}' in '${words}'`);
  }
  return total + group + current;
}

describe('pesosEnLetras: every amount up to 999.999.999,99 follows the rules', () => {
  const cents = fc.oneof(
    fc.integer({ min: 0, max: 99_999_999_999 }),
    // Round and near-round amounts, where the apocope and 'cien' rules live.
    fc.tuple(fc.constantFrom(1, 21, 31, 100, 101, 121, 500, 1000, 21000, 101000), fc.constantFrom(1, 1000, 1_000_000), fc.integer({ min: 0, max: 99 }))
      .map(([base, scale, cent]) => Math.min(base * scale, 999_999_999) * 100 + cent),
  );

  it('reads back to the same amount, with apocope, accents and plurals right', () => {
    fc.assert(
      fc.property(cents, (totalCents) => {
        const pesos = Math.floor(totalCents / 100);
        const amount = `${pesos}.${String(totalCents % 100).padStart(2, '0')}`;
        const text = pesosEnLetras(amount);
        const match = /^PESOS (.+) CON (\d{2})\/100$/.exec(text);
        expect(match, text).not.toBeNull();
        const [, words = '', centavos] = match!;
        expect(readBack(words)).toBe(pesos);
        expect(Number(centavos)).toBe(totalCents % 100);
        // 'uno' is cut before a noun, never at the end: VEINTIÚN MIL, CIENTO UN MIL, but ... VEINTIUNO CON.
        expect(text).not.toMatch(/\b(UNO|VEINTIUNO) (MIL|MILLÓN|MILLONES)\b/);
        expect(text).not.toMatch(/(\bUN|VEINTIÚN) CON/);
        // Accents: dieciséis, veintiún, veintidós, veintitrés, veintiséis, millón.
        expect(text).not.toMatch(/DIECISEIS|VEINTIUN\b|VEINTIDOS|VEINTITRES|VEINTISEIS|MILLON\b/);
        // 'un millón' for exactly one million, 'millones' from two on; 1000 is 'MIL', never 'UN MIL'.
        const millones = Math.floor(pesos / 1e6);
        expect(text.includes('UN MILLÓN')).toBe(millones === 1);
        expect(text.includes('MILLONES')).toBe(millones >= 2);
        expect(text).not.toMatch(/^PESOS UN MIL\b|MILLÓN UN MIL\b|MILLONES UN MIL\b/);
        // 'cien' alone only as exactly one hundred of a group.
        expect(text).not.toMatch(/\bCIEN (?!MIL\b|MILLONES\b|CON\b)/);
      }),
      { numRuns: 20_000 },
    );
    // Seconds of CPU: on a busy 2-core machine it outlasts vitest's 5 s default.
  }, 60_000);

  it('every whole number below a million reads back (exhaustive)', () => {
    for (let n = 0; n < 1_000_000; n += 1) {
      if (readBack(cardinalEnLetras(n)) !== n) throw new Error(`${n} → ${cardinalEnLetras(n)}`);
    }
  }, 60_000);
});

describe('fechaEnLetras', () => {
  it('writes the day in words before días and the month by name', () => {
    expect(fechaEnLetras('2026-11-24')).toBe('a los veinticuatro días del mes de noviembre de 2026');
    expect(fechaEnLetras('2026-03-21')).toBe('a los veintiún días del mes de marzo de 2026');
    expect(fechaEnLetras('2026-01-01')).toBe('al primer día del mes de enero de 2026');
    expect(fechaEnLetras('2026-12-31')).toBe('a los treinta y un días del mes de diciembre de 2026');
  });
});
