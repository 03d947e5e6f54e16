import { describe, expect, it } from 'vitest';
import { CASO_MESSAGES, MAX_TERCEROS } from './casos.constants';
import { addDaysIso, todayIso } from '../shared/format';
import { altaSchema, casoFiltroSchema, casoUpdateSchema, flagToggleSchema, tercerosUpdateSchema } from './casos.schemas';

const caso = { id_compania: 1, reclamo_nro: '123456', gestor: 'Gestor', fecha_siniestro: '2026-01-10', fecha_denuncia: '2026-01-11' };
const persona = { apellido: 'González', id_tipo_doc: '1', nro_doc: '28123456', marca_modelo: 'Ford Ka', dominio: 'ab123cd' };

describe('altaSchema', () => {
  it('accepts a case without third parties and upper-cases plates', () => {
    const parsed = altaSchema.parse({ caso, asegurado: persona, terceros: null });
    expect(parsed.terceros).toEqual([]);
    expect(parsed.asegurado.dominio).toBe('AB123CD');
    expect(parsed.asegurado.id_tipo_doc).toBe(1);
  });

  it(`refuses more than ${MAX_TERCEROS} third parties`, () => {
    const result = altaSchema.safeParse({ caso, asegurado: persona, terceros: Array.from({ length: MAX_TERCEROS + 1 }, () => persona) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['terceros']);
  });

  it('gives the required message for a missing claim number', () => {
    const result = altaSchema.safeParse({ caso: { ...caso, reclamo_nro: null }, asegurado: persona });
    expect(result.error?.issues[0]?.message).toBe('Este campo es requerido');
  });
});

describe('casoUpdateSchema', () => {
  it('accepts the detail object back, read-only extras and flags included', () => {
    const parsed = casoUpdateSchema.parse({ ...caso, id: 5, id_estado: 3, nombre_estado: 'Análisis', urg: true, monto_inspeccion: '10.00', fecha_denuncia: null, completa_doc: true });
    expect(parsed.fecha_denuncia).toBeNull();
    expect(parsed.completa_doc).toBe(true);
  });

  it('still refuses unknown keys', () => {
    expect(casoUpdateSchema.safeParse({ ...caso, inventado: 1 }).success).toBe(false);
  });
});

describe('tercerosUpdateSchema', () => {
  it('accepts existing (with id) and new (id null) third parties with their read-only keys', () => {
    const parsed = tercerosUpdateSchema.parse([
      { ...persona, id: 7, orden: 1, tipo_doc: 'DNI', id_caso: 3 },
      { ...persona, id: null },
    ]);
    expect(parsed.map((tercero) => tercero.id)).toEqual([7, null]);
  });
});

describe('casoFiltroSchema', () => {
  it('reads missing, null and empty values as "any"', () => {
    expect(casoFiltroSchema.parse({})).toMatchObject({ nroCaso: '', estado: '', analista: '', flag: '', fechaDesde: '', apellido: '', condCasos: '0', busquedaRapida: '' });
    expect(casoFiltroSchema.parse({ nroCaso: null, dominio: null, fechaDesde: null, condCasos: null, analista: null })).toMatchObject({
      nroCaso: '',
      dominio: '',
      fechaDesde: '',
      condCasos: '0',
      analista: '',
    });
  });

  it('accepts numbers for numeric fields and the condition', () => {
    expect(casoFiltroSchema.parse({ estado: 3, condCasos: 1, flag: 17, analista: 'sin' })).toMatchObject({ estado: '3', condCasos: '1', flag: '17', analista: 'sin' });
  });

  it('refuses bad values', () => {
    for (const bad of [{ nroCaso: '12a' }, { flag: '18' }, { fechaDesde: '2026-02-30' }, { analista: 'x' }, { condCasos: '3' }]) {
      expect(casoFiltroSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps the Plazo vencido range within the informe longest period (every start day of it is computed)', () => {
    const refused = (filtro: object) => casoFiltroSchema.safeParse(filtro).error?.issues.map((issue) => issue.message);
    expect(refused({ plazoVencidoDesde: '2024-01-01', plazoVencidoHasta: '2025-12-31' })).toBeUndefined();
    expect(refused({ plazoVencidoDesde: '2024-01-01', plazoVencidoHasta: '2026-01-01' })).toEqual([CASO_MESSAGES.plazoVencidoLargo]);
    expect(refused({ plazoVencidoDesde: '2024-01-01', plazoVencidoHasta: '2025-10-01' })).toBeUndefined();
    // A bound alone: Desde runs to today, Hasta covers its own month.
    expect(refused({ plazoVencidoDesde: '1900-01-01' })).toEqual([CASO_MESSAGES.plazoVencidoLargo]);
    expect(refused({ plazoVencidoDesde: addDaysIso(todayIso(), -40) })).toBeUndefined();
    expect(refused({ plazoVencidoHasta: '1900-01-31' })).toBeUndefined();
    expect(CASO_MESSAGES.plazoVencidoLargo).toBe('El período de plazos vencidos puede abarcar como máximo 24 meses');
  });
});

describe('flagToggleSchema', () => {
  it('takes a flag number 1..17', () => {
    expect(flagToggleSchema.parse({ flag: '17' }).flag).toBe(17);
    expect(flagToggleSchema.safeParse({ flag: 18 }).success).toBe(false);
    expect(flagToggleSchema.safeParse({ flag: 0 }).success).toBe(false);
  });
});
