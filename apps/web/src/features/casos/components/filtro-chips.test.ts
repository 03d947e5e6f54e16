import { describe, expect, it } from 'vitest';
import { casoFiltroSchema } from '@siniestros/domain';
import { filterFromUrl } from '../../../lib/url-filter';
import { EMPTY_FILTRO } from '../hooks/use-casos-search';
import { filtroChips } from './filtro-chips';

describe('filtroChips', () => {
  it('the Informes links’ payment and expired-clock ranges: read from the URL, shown as dated chips', () => {
    const params = new URLSearchParams(
      'compania=2&pagadoDesde=2026-10-01&pagadoHasta=2026-10-31&plazoVencidoDesde=2026-09-01&plazoVencidoHasta=2026-09-30',
    );
    const filtro = filterFromUrl(params, EMPTY_FILTRO, casoFiltroSchema);
    expect(filtro).toMatchObject({ pagadoDesde: '2026-10-01', plazoVencidoHasta: '2026-09-30' });
    expect(filtroChips(filtro!, undefined).map((chip) => `${chip.label}: ${chip.value}`)).toEqual([
      'Compañia: 2',
      'Pagado desde: 01/10/2026',
      'Pagado hasta: 31/10/2026',
      'Plazo vencido desde: 01/09/2026',
      'Plazo vencido hasta: 30/09/2026',
    ]);
    expect(filterFromUrl(new URLSearchParams('pagadoDesde=ayer'), EMPTY_FILTRO, casoFiltroSchema)).toBeNull();
  });

  it('the Informes links’ open cases at a past month’s end: the day as a date, the status then by its name', () => {
    const filtro = filterFromUrl(new URLSearchParams('compania=2&abiertoAl=2026-09-30&estadoAl=3'), EMPTY_FILTRO, casoFiltroSchema);
    expect(filtro).toMatchObject({ abiertoAl: '2026-09-30', estadoAl: '3' });
    const summary = { estados: [{ id: 3, nombre: 'Análisis' }] } as unknown as Parameters<typeof filtroChips>[1];
    expect(filtroChips(filtro!, summary).map((chip) => `${chip.label}: ${chip.value}`)).toEqual([
      'Compañia: 2',
      'Abierto al: 30/09/2026',
      'Estado a esa fecha: Análisis',
    ]);
    expect(filterFromUrl(new URLSearchParams('abiertoAl=ayer'), EMPTY_FILTRO, casoFiltroSchema)).toBeNull();
  });
});
