import { describe, expect, it } from 'vitest';
import { mesAnterior, periodoDeFechas, periodoTexto } from './periodo';
import { informeParamsDeUrl } from './use-informe-params';

describe('the Informe period', () => {
  it('defaults to the last whole month, across a year end', () => {
    expect(mesAnterior('2026-11-28')).toBe('2026-10');
    expect(mesAnterior('2027-01-01')).toBe('2026-12');
    expect(mesAnterior('2024-03-31')).toBe('2024-02');
  });

  it('takes a finished pick in either order and waits for a half one', () => {
    expect(periodoDeFechas(['2026-03-01', '2026-05-01'])).toEqual({ desde: '2026-03', hasta: '2026-05' });
    expect(periodoDeFechas(['2026-05-01', '2026-03-01'])).toEqual({ desde: '2026-03', hasta: '2026-05' });
    expect(periodoDeFechas(['2026-05-01', '2026-05-01'])).toEqual({ desde: '2026-05', hasta: '2026-05' });
    expect(periodoDeFechas(['2026-05-01', null])).toBeNull();
  });

  it('says the period in words', () => {
    expect(periodoTexto('2026-10', '2026-10')).toBe('octubre de 2026');
    expect(periodoTexto('2026-01', '2026-03')).toBe('de enero de 2026 a marzo de 2026');
  });

  it('reads the URL, and opens the last month for all companies when it is not a valid period', () => {
    const hoy = '2026-11-28';
    expect(informeParamsDeUrl(new URLSearchParams('compania=7&desde=2026-01&hasta=2026-03'), hoy)).toEqual({
      compania: '7',
      desde: '2026-01',
      hasta: '2026-03',
    });
    for (const search of ['', 'desde=2026-03&hasta=2026-01', 'desde=2026-13&hasta=2026-13', 'desde=2026-1&hasta=2026-02'])
      expect(informeParamsDeUrl(new URLSearchParams(search), hoy)).toEqual({ compania: '', desde: '2026-10', hasta: '2026-10' });
    expect(informeParamsDeUrl(new URLSearchParams('compania=x1&desde=2026-05&hasta=2026-05'), hoy).compania).toBe('');
  });
});
