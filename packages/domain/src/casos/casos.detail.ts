import type { AnalistaLookup, InspectorLookup, Lookup } from '../reference/reference.constants';
import type { Flags } from './casos.constants';
import type { Letrado } from '../letrados/letrados.schemas';
import type { Lesionado } from '../lesionados/lesionados.schemas';
import type { Audiencia } from '../mediacion/mediacion.schemas';
import type { Inspeccion } from '../inspecciones/inspecciones.schemas';

type Persona = {
  id: number;
  apellido: string;
  nombre: string | null;
  id_tipo_doc: number | null;
  tipo_doc: string | null;
  nro_doc: string | null;
  cuit: string | null;
  domicilio: string | null;
  codigo_postal: string | null;
  fijo: string | null;
  cel: string | null;
  cbu: string | null;
  marca_modelo: string | null;
  anio: number | null;
  dominio: string | null;
  mail: string | null;
};

export type Asegurado = Persona & {
  poliza: string | null;
  nro_chasis: string | null;
  nro_motor: string | null;
  suma_asegurada: string | null;
  accesorios: string | null;
  otros: string | null;
  detalle: string | null;
};

export type Tercero = Persona & { detalle: string | null; id_letrado: number | null; orden: number };

/** Spec §3, Caso, with its read-only extras and the 17 flags. */
export type Caso = Flags & {
  id: number;
  id_compania: number;
  reclamo_nro: string;
  gestor: string;
  fecha_creado: string;
  fecha_siniestro: string | null;
  hora_siniestro: string | null;
  fecha_denuncia: string | null;
  lugar_siniestro: string | null;
  declaracion_asegurado: string | null;
  usuario: string;
  id_estado: number;
  fecha_estado: string;
  id_letrado: number | null;
  id_asegurado: number;
  id_tercero: number | null;
  id_tercero2: number | null;
  id_tercero3: number | null;
  id_tercero4: number | null;
  id_tercero5: number | null;
  id_inspeccion: number | null;
  presupuesto: string | null;
  cotizacion: string | null;
  id_responsabilidad: number | null;
  analisis: string | null;
  valor_acordado: string | null;
  ampliacion: string | null;
  valor_ofertado: string | null;
  id_producto: number | null;
  id_analista: number | null;
  via_ingreso: string | null;
  fecha_cierre: string | null;
  completa_doc: boolean;
  resultado: string | null;
  nombre_estado: string;
  estado: string;
  nombre_compania: string;
  apellido_analista: string | null;
  nombre_analista: string | null;
  producto: string | null;
  responsabilidad: string | null;
  monto_inspeccion: string | null;
};

/** GET /api/casos/{id} (decision 000). */
export type CasoDetalle = {
  caso: Caso;
  productos: Lookup[];
  companias: Lookup[];
  analistas: AnalistaLookup[];
  asegurados: Asegurado;
  terceros: Tercero[];
  tDoc: Lookup[];
  responsabilidad: Lookup[];
  letrado: Letrado | null;
  lesionados: Lesionado[];
  audiencias: Audiencia[];
  inspecciones: Inspeccion[];
  inspectores: InspectorLookup[];
};
