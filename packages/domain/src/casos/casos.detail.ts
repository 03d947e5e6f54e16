import { z } from 'zod';
import { personLookupResponse, lookupResponse } from '../reference/reference.schemas';
import { decimalString } from '../shared/responses';
import { flagsShape } from './casos.schemas';
import { letradoResponse } from '../letrados/letrados.schemas';
import { lesionadoResponse } from '../lesionados/lesionados.schemas';
import { audienciaResponse } from '../mediacion/mediacion.schemas';
import { inspeccionResponse } from '../inspecciones/inspecciones.schemas';

/** The row's edit version: a save sends it back (docs/decisions/074). */
const version = z.number().int();

const personaFields = {
  id: z.number(),
  version,
  apellido: z.string(),
  nombre: z.string().nullable(),
  id_tipo_doc: z.number().nullable(),
  tipo_doc: z.string().nullable(),
  nro_doc: z.string().nullable(),
  cuit: z.string().nullable(),
  domicilio: z.string().nullable(),
  codigo_postal: z.string().nullable(),
  fijo: z.string().nullable(),
  cel: z.string().nullable(),
  cbu: z.string().nullable(),
  marca_modelo: z.string().nullable(),
  anio: z.number().nullable(),
  dominio: z.string().nullable(),
  mail: z.string().nullable(),
};

export const aseguradoResponse = z.object({
  ...personaFields,
  poliza: z.string().nullable(),
  nro_chasis: z.string().nullable(),
  nro_motor: z.string().nullable(),
  suma_asegurada: decimalString.nullable(),
  accesorios: z.string().nullable(),
  otros: z.string().nullable(),
  detalle: z.string().nullable(),
});
export type Asegurado = z.infer<typeof aseguradoResponse>;

export const terceroResponse = z.object({ ...personaFields, detalle: z.string().nullable(), id_letrado: z.number().nullable(), orden: z.number() });
export type Tercero = z.infer<typeof terceroResponse>;

/** Spec §3, Caso, with its read-only extras and the 17 flags. */
export const casoResponse = z.object({
  id: z.number(),
  version,
  id_compania: z.number(),
  reclamo_nro: z.string(),
  gestor: z.string(),
  fecha_creado: z.string(),
  fecha_siniestro: z.string().nullable(),
  hora_siniestro: z.string().nullable(),
  fecha_denuncia: z.string().nullable(),
  lugar_siniestro: z.string().nullable(),
  declaracion_asegurado: z.string().nullable(),
  usuario: z.string(),
  id_estado: z.number(),
  fecha_estado: z.string(),
  id_letrado: z.number().nullable(),
  id_asegurado: z.number(),
  id_tercero: z.number().nullable(),
  id_tercero2: z.number().nullable(),
  id_tercero3: z.number().nullable(),
  id_tercero4: z.number().nullable(),
  id_tercero5: z.number().nullable(),
  id_inspeccion: z.number().nullable(),
  presupuesto: decimalString.nullable(),
  cotizacion: decimalString.nullable(),
  id_responsabilidad: z.number().nullable(),
  analisis: z.string().nullable(),
  valor_acordado: decimalString.nullable(),
  ampliacion: decimalString.nullable(),
  valor_ofertado: decimalString.nullable(),
  id_producto: z.number().nullable(),
  id_analista: z.number().nullable(),
  via_ingreso: z.string().nullable(),
  fecha_cierre: z.string().nullable(),
  completa_doc: z.boolean(),
  resultado: z.string().nullable(),
  nombre_estado: z.string(),
  estado: z.string(),
  nombre_compania: z.string(),
  apellido_analista: z.string().nullable(),
  nombre_analista: z.string().nullable(),
  producto: z.string().nullable(),
  responsabilidad: z.string().nullable(),
  monto_inspeccion: decimalString.nullable(),
  ...flagsShape,
});
export type Caso = z.infer<typeof casoResponse>;

/** GET /api/casos/{id} (decision 000). */
export const casoDetalleResponse = z.object({
  caso: casoResponse,
  productos: z.array(lookupResponse),
  companias: z.array(lookupResponse),
  analistas: z.array(personLookupResponse),
  asegurados: aseguradoResponse,
  terceros: z.array(terceroResponse),
  tDoc: z.array(lookupResponse),
  responsabilidad: z.array(lookupResponse),
  letrado: letradoResponse.nullable(),
  lesionados: z.array(lesionadoResponse),
  audiencias: z.array(audienciaResponse),
  inspecciones: z.array(inspeccionResponse),
  inspectores: z.array(personLookupResponse),
});
export type CasoDetalle = z.infer<typeof casoDetalleResponse>;
