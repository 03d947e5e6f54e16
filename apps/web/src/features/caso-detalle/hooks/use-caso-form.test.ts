import { describe, expect, it } from 'vitest';
import { casoFullUpdateSchema, FLAGS, type CasoDetalle } from '@siniestros/domain';
import { emptyTercero, toFormValues } from './use-caso-form';

const flags = Object.fromEntries(FLAGS.map((flag) => [flag.key, flag.nro === 1]));

/** What GET /casos/{id} answers for a case at status 1 (shape of CasoDetalle). */
const detalle = {
  caso: {
    ...flags,
    id: 7,
    id_compania: 2,
    reclamo_nro: '123456',
    gestor: 'Gestor Uno',
    fecha_creado: '2026-11-20',
    fecha_siniestro: '2026-10-01',
    hora_siniestro: '14:30:00',
    fecha_denuncia: '2026-10-02',
    lugar_siniestro: 'Av. Corrientes 1234',
    declaracion_asegurado: null,
    usuario: 'lucia@e2e.local',
    id_estado: 1,
    fecha_estado: '2026-11-20',
    id_letrado: null,
    id_asegurado: 3,
    id_tercero: 4,
    id_tercero2: null,
    id_tercero3: null,
    id_tercero4: null,
    id_tercero5: null,
    id_inspeccion: null,
    presupuesto: null,
    cotizacion: '1200.50',
    id_responsabilidad: null,
    analisis: null,
    valor_acordado: null,
    ampliacion: null,
    valor_ofertado: '5000',
    id_producto: null,
    id_analista: 5,
    via_ingreso: null,
    fecha_cierre: null,
    completa_doc: false,
    resultado: null,
    nombre_estado: 'Pendiente Documentación',
    estado: 'Pendiente Documentación',
    nombre_compania: 'La Segunda',
    apellido_analista: 'Lopez',
    nombre_analista: 'Ana',
    producto: null,
    responsabilidad: null,
    monto_inspeccion: null,
  },
  asegurados: {
    id: 3,
    apellido: 'González',
    nombre: 'María José',
    id_tipo_doc: 1,
    tipo_doc: 'DNI',
    nro_doc: '28123456',
    cuit: null,
    domicilio: null,
    codigo_postal: null,
    fijo: null,
    cel: null,
    cbu: null,
    marca_modelo: 'Ford Ka',
    anio: 2019,
    dominio: 'AB123CD',
    mail: null,
    poliza: null,
    nro_chasis: null,
    nro_motor: null,
    suma_asegurada: '1500000.50',
    accesorios: null,
    otros: null,
    detalle: null,
  },
  terceros: [
    {
      id: 4,
      apellido: 'Pérez',
      nombre: null,
      id_tipo_doc: 1,
      tipo_doc: 'DNI',
      nro_doc: '30111222',
      cuit: null,
      domicilio: null,
      codigo_postal: null,
      fijo: null,
      cel: null,
      cbu: null,
      marca_modelo: 'Fiat Cronos',
      anio: null,
      dominio: 'AC100ZZ',
      mail: null,
      detalle: null,
      id_letrado: null,
      orden: 1,
    },
  ],
} as unknown as CasoDetalle;

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
