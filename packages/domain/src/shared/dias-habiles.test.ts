import { describe, expect, it } from 'vitest';
import { addDiasHabiles, addMonthsIso, addYearsIso, daysBetweenIso, diaHabilDesde, feriadoAr, isDiaHabil } from './dias-habiles';
import { FERIADOS_AR, FERIADOS_HASTA } from './feriados-ar';

describe('Argentine working days', () => {
  it('knows the national holidays of 2026 (moved ones on the day they are kept)', () => {
    const feriados2026 = [
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-03-23', // día no laborable con fines turísticos
      '2026-03-24',
      '2026-04-02', // Malvinas and Jueves Santo
      '2026-04-03', // Viernes Santo
      '2026-05-01',
      '2026-05-25',
      '2026-06-15', // Güemes (17 June, a Wednesday) moved to Monday
      '2026-06-20',
      '2026-07-09',
      '2026-07-10', // no laborable con fines turísticos
      '2026-08-17',
      '2026-10-12',
      '2026-11-23', // Soberanía Nacional (20 November, a Friday) moved to Monday
      '2026-12-07', // no laborable con fines turísticos
      '2026-12-08',
      '2026-12-25',
    ];
    for (const date of feriados2026) expect(feriadoAr(date), date).toBeTruthy();
    expect(FERIADOS_AR.filter(([date]) => date.startsWith('2026-')).map(([date]) => date)).toEqual(feriados2026);
    expect(isDiaHabil('2026-06-17')).toBe(true);
    expect(isDiaHabil('2026-11-20')).toBe(true);
    expect(isDiaHabil('2026-12-24')).toBe(true);
  });

  it('skips weekends and holidays', () => {
    expect(isDiaHabil('2026-11-28')).toBe(false); // Saturday
    expect(isDiaHabil('2026-11-29')).toBe(false); // Sunday
    expect(addDiasHabiles('2026-11-27', 1)).toBe('2026-11-30'); // Friday → Monday
    expect(addDiasHabiles('2026-12-04', 1)).toBe('2026-12-09'); // Fri → Wed: 7 and 8 December off
    expect(addDiasHabiles('2026-03-20', 2)).toBe('2026-03-26'); // 23 and 24 March off
    expect(addDiasHabiles('2026-04-01', 1)).toBe('2026-04-06'); // Malvinas, Viernes Santo, weekend
    expect(addDiasHabiles('2026-02-13', 1)).toBe('2026-02-18'); // Carnaval
    expect(addDiasHabiles('2026-11-25', 0)).toBe('2026-11-25');
  });

  it('counts backwards: the working day before', () => {
    expect(addDiasHabiles('2026-11-30', -1)).toBe('2026-11-27');
    expect(addDiasHabiles('2026-12-09', -1)).toBe('2026-12-04');
    expect(addDiasHabiles('2026-03-25', -1)).toBe('2026-03-20');
    expect(addDiasHabiles('2026-01-02', -1)).toBe('2025-12-31');
  });

  it('moves a day off to the next working day', () => {
    expect(diaHabilDesde('2026-12-25')).toBe('2026-12-28');
    expect(diaHabilDesde('2026-12-23')).toBe('2026-12-23');
  });

  it('adds years and months the way art. 6 of the Código Civil y Comercial counts them', () => {
    expect(addYearsIso('2026-03-10', 3)).toBe('2029-03-10');
    expect(addYearsIso('2024-02-29', 3)).toBe('2027-02-28');
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2026-12-15', 1)).toBe('2027-01-15');
    expect(daysBetweenIso('2026-11-25', '2026-12-25')).toBe(30);
    expect(daysBetweenIso('2026-11-25', '2026-11-20')).toBe(-5);
  });

  it('is renewed before it runs out: the table covers next year', () => {
    // Fails in January of FERIADOS_HASTA: regenerate shared/feriados-ar.ts (docs/decisions/043).
    expect(new Date().getUTCFullYear() + 1).toBeLessThanOrEqual(FERIADOS_HASTA);
    expect(FERIADOS_AR.some(([date]) => date.startsWith(`${FERIADOS_HASTA}-`))).toBe(true);
  });
});
