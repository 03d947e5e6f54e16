import { describe, expect, it } from 'vitest';
import { altaSchema } from './casos.schemas';

/** What the case-creation form shows for an untouched form (spec §2, §5): "required", not "wrong format". */
describe('altaSchema on an empty creation form', () => {
  const empty = {
    caso: {
      id_compania: null,
      reclamo_nro: '',
      gestor: '',
      fecha_siniestro: '',
      hora_siniestro: '',
      fecha_denuncia: '',
      lugar_siniestro: '',
      declaracion_asegurado: '',
    },
    asegurado: { apellido: '', id_tipo_doc: '1', nro_doc: '', marca_modelo: '', dominio: '', suma_asegurada: '', anio: '', mail: '' },
    terceros: [],
  };

  const firstIssue = (path: string) => {
    const parsed = altaSchema.safeParse(empty);
    return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.join('.') === path)?.message;
  };

  it('asks for the required dates and the claim number', () => {
    expect(firstIssue('caso.fecha_siniestro')).toBe('Este campo es requerido');
    expect(firstIssue('caso.fecha_denuncia')).toBe('Este campo es requerido');
    expect(firstIssue('caso.reclamo_nro')).toBe('Este campo es requerido');
    expect(firstIssue('caso.id_compania')).toBe('Debe seleccionar una compañia');
  });

  it('still rejects a malformed date and takes optional blanks as no value', () => {
    const parsed = altaSchema.safeParse({ ...empty, caso: { ...empty.caso, fecha_siniestro: '2026-02-30' } });
    expect(
      parsed.success
        ? []
        : parsed.error.issues.filter((issue) => issue.path.join('.') === 'caso.fecha_siniestro').map((issue) => issue.message),
    ).toEqual(['La fecha debe tener el formato AAAA-MM-DD']);
    expect(firstIssue('caso.hora_siniestro')).toBeUndefined();
    expect(firstIssue('asegurado.suma_asegurada')).toBeUndefined();
    expect(firstIssue('asegurado.anio')).toBeUndefined();
  });
});
