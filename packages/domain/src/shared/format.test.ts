import { describe, expect, it } from 'vitest';
import { addDaysIso, formatDate, formatDateTime, formatDateTimeSeconds, formatPesos, formatTime, normalizeSearch, todayIso, truncate } from './format';

describe('es-AR formatting', () => {
  it('shows dates as dd/mm/yyyy and times as HH:MM', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDate('2026-03-09T10:00:00Z')).toBe('09/03/2026');
    expect(formatDate(null)).toBe('-');
    expect(formatTime('14:35:00')).toBe('14:35');
  });

  it('shows money as pesos', () => {
    expect(formatPesos('1234567.5').replace(/\s/g, ' ')).toBe('$ 1.234.567,50');
    expect(formatPesos(null)).toBe('-');
  });

  it('truncates with ...', () => {
    expect(truncate('Presupuesto_02.pdf', 14)).toBe('Presupuesto_02...');
    expect(truncate('DNI.pdf', 14)).toBe('DNI.pdf');
  });

  it('normalizes search text without case or accents', () => {
    expect(normalizeSearch('  GONZÁLEZ  Núñez ')).toBe('gonzalez nunez');
  });

  it('tells today in Argentina', () => {
    expect(todayIso(new Date('2026-11-23T02:00:00Z'))).toBe('2026-11-22');
  });
});

describe('addDaysIso', () => {
  it('crosses months, years and leap days, both ways', () => {
    expect(addDaysIso('2026-11-24', 7)).toBe('2026-12-01');
    expect(addDaysIso('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysIso('2026-01-01', 0)).toBe('2026-01-01');
  });
});

describe('formatDateTime', () => {
  it('shows a moment in Argentina time, 24-hour, whatever the zone it was written in', () => {
    expect(formatDateTime('2026-11-24T22:05:00Z')).toBe('24/11/2026 19:05');
    expect(formatDateTime('2026-11-24T02:05:00.123Z')).toBe('23/11/2026 23:05');
    expect(formatDateTime('2026-11-24T10:00:00-03:00')).toBe('24/11/2026 10:00');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('no es una fecha')).toBe('-');
  });

  it('keeps the seconds for certificates, midnight as 00 (not 24)', () => {
    expect(formatDateTimeSeconds(new Date('2026-11-24T03:00:09Z'))).toBe('24/11/2026 00:00:09');
    expect(formatDateTimeSeconds(new Date('2026-11-24T22:05:59.900Z'))).toBe('24/11/2026 19:05:59');
  });
});
