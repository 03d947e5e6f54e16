import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from '../shared/format';
import { estadoPlazo, plazoUpdateSchema, ultimoInicioQueVenceAntesDe, vencimientoPlazo, type PlazoRegla } from './plazos.schemas';

const regla = (cantidad: number, unidad: string): Pick<PlazoRegla, 'cantidad' | 'unidad'> => ({ cantidad, unidad });

describe('legal clocks', () => {
  it('run out after calendar days, working days or years', () => {
    expect(vencimientoPlazo('2026-11-02', regla(30, 'dias_corridos'))).toBe('2026-12-02');
    expect(vencimientoPlazo('2026-12-01', regla(15, 'dias_habiles'))).toBe('2026-12-24'); // 7 and 8 December off
    expect(vencimientoPlazo('2024-02-29', regla(3, 'anios'))).toBe('2027-02-28');
  });

  it('are green, amber from the warning days, red once past; a past hearing is done', () => {
    expect(estadoPlazo('2026-12-20', '2026-11-25', { aviso_dias: 5, evento: 'siniestro' })).toBe('en_plazo');
    expect(estadoPlazo('2026-11-30', '2026-11-25', { aviso_dias: 5, evento: 'siniestro' })).toBe('por_vencer');
    expect(estadoPlazo('2026-11-25', '2026-11-25', { aviso_dias: 0, evento: 'siniestro' })).toBe('por_vencer');
    expect(estadoPlazo('2026-11-24', '2026-11-25', { aviso_dias: 5, evento: 'siniestro' })).toBe('vencido');
    expect(estadoPlazo('2026-11-24', '2026-11-25', { aviso_dias: 5, evento: 'audiencia' })).toBe('realizada');
  });

  it('turn "runs out by a day" into "started by a day" for every rule (property)', () => {
    const day = fc.integer({ min: 0, max: 365 * 6 }).map((n) => addDaysIso('2024-01-01', n));
    const rule = fc
      .record({ cantidad: fc.integer({ min: 0, max: 60 }), unidad: fc.constantFrom('dias_corridos', 'dias_habiles', 'anios') })
      .map((r) => (r.unidad === 'anios' ? { ...r, cantidad: r.cantidad % 4 } : r));
    fc.assert(
      fc.property(rule, day, day, (r, limit, desde) => {
        const cut = ultimoInicioQueVenceAntesDe(r, limit);
        expect(vencimientoPlazo(cut, r) <= limit).toBe(true);
        expect(vencimientoPlazo(addDaysIso(cut, 1), r) > limit).toBe(true);
        expect(desde <= cut).toBe(vencimientoPlazo(desde, r) <= limit);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses bad rule edits in Spanish', () => {
    const bad = plazoUpdateSchema.safeParse({ nombre: '', cantidad: -1, unidad: 'semanas', aviso_dias: 1.5, activo: 'si' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.message)).toEqual([
      'El nombre es requerido',
      'La cantidad debe ser un número entero entre 0 y 3650',
      'La unidad debe ser días corridos, días hábiles o años',
      'El aviso debe ser un número entero de días entre 0 y 365',
      'Indique si el plazo está activo',
    ]);
  });
});
