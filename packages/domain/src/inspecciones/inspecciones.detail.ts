import type { Asegurado, Caso, Tercero } from '../casos/casos.detail';
import type { Inspeccion } from './inspecciones.schemas';

/** The case data the inspection screens show (spec §2, Inspection close and Inspection view). */
export type InspeccionCaso = Pick<
  Caso,
  | 'id'
  | 'id_estado'
  | 'estado'
  | 'id_compania'
  | 'nombre_compania'
  | 'reclamo_nro'
  | 'fecha_siniestro'
  | 'hora_siniestro'
  | 'fecha_denuncia'
  | 'id_analista'
  | 'apellido_analista'
  | 'nombre_analista'
  | 'gestor'
  | 'id_producto'
  | 'producto'
  | 'lugar_siniestro'
  | 'declaracion_asegurado'
>;

/** GET /inspeccion/{id} and /inspeccion/d/{id} (spec §3, Inspection detail response): `{ data: InspeccionDetalle }`. */
export type InspeccionDetalle = {
  caso: InspeccionCaso;
  /** The case's first third party, if any. */
  tercero: Tercero | null;
  asegurado: Asegurado;
  inspeccion: Inspeccion & { inspector_nombre: string; inspector_apellido: string };
};
