import { describe, expect, it } from 'vitest';
import { casoFullUpdateSchema } from '@siniestros/domain';
import { detalle } from './detalle.fixture';
import { emptyTercero, toFormValues } from './use-caso-form';

describe('the case detail form', () => {
  it('turns the detail into values the save schema accepts, without flags or read-only fields', () => {
    const body = casoFullUpdateSchema.parse(toFormValues(detalle));
    expect(body.caso).toMatchObject({
      id: 7,
      id_compania: 2,
      hora_siniestro: '14:30',
      id_producto: null,
      id_analista: 5,
      completa_doc: false,
      cotizacion: '1200.50',
    });
    for (const key of ['urg', 'nombre_estado', 'resultado', 'monto_inspeccion', 'fecha_estado', 'id_estado', 'valor_ofertado'])
      expect(body.caso).not.toHaveProperty(key);
    expect(body.asegurados).toMatchObject({ id: 3, anio: 2019, suma_asegurada: '1500000.50' });
    expect(body.asegurados).not.toHaveProperty('tipo_doc');
    expect(body.terceros).toEqual([expect.objectContaining({ id: 4, apellido: 'Pérez', dominio: 'AC100ZZ' })]);
    expect(body.terceros[0]).not.toHaveProperty('orden');
  });

  it('asks for the four required fields of a new third party', () => {
    const values = toFormValues(detalle);
    values.terceros.push(emptyTercero(1));
    const result = casoFullUpdateSchema.safeParse(values);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths.sort()).toEqual(['terceros.1.apellido', 'terceros.1.dominio', 'terceros.1.marca_modelo', 'terceros.1.nro_doc']);
  });
});
