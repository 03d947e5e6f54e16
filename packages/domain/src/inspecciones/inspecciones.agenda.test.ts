import { describe, expect, it } from 'vitest';
import { agendaGrupos, formatAgendaDay, mapsSearchUrl, telHref } from './inspecciones.agenda';

describe("the inspector's agenda rules (docs/decisions/086)", () => {
  it('a phone becomes a tel: link of its digits and a leading + only, or none without a digit', () => {
    expect(telHref('+54 9 11 4444-2211')).toBe('tel:+5491144442211');
    expect(telHref('(011) 4555-1234 int. 2')).toBe('tel:011455512342');
    expect(telHref('11 4444+2211')).toBe('tel:1144442211');
    expect(telHref('S/D')).toBeNull();
    expect(telHref('')).toBeNull();
    expect(telHref(null)).toBeNull();
  });

  it('an address becomes a plain maps search URL, every character encoded', () => {
    expect(mapsSearchUrl('Av. Roca 1500 & Perú #2')).toBe('https://www.google.com/maps/search/?api=1&query=Av.%20Roca%201500%20%26%20Per%C3%BA%20%232');
  });

  it("a day's heading is its weekday and dd/mm", () => {
    expect(formatAgendaDay('2026-11-30')).toBe('Lunes 30/11');
    expect(formatAgendaDay('2026-12-05')).toBe('Sábado 05/12');
  });

  it('groups the visits, in their order, as overdue, today and each coming day', () => {
    const at = (fecha_inspeccion: string, id: number) => ({ fecha_inspeccion, id });
    const grupos = agendaGrupos([at('2026-11-20', 1), at('2026-11-28', 2), at('2026-11-29', 3), at('2026-11-29', 4), at('2026-11-30', 5), at('2026-12-02', 6), at('2026-12-02', 7)], '2026-11-29');
    expect(grupos.atrasadas.map((item) => item.id)).toEqual([1, 2]);
    expect(grupos.hoy.map((item) => item.id)).toEqual([3, 4]);
    expect(grupos.proximas.map((dia) => [dia.fecha, dia.items.map((item) => item.id)])).toEqual([
      ['2026-11-30', [5]],
      ['2026-12-02', [6, 7]],
    ]);
  });
});
